# Session 41 call 3: short pairs with each thread queueing its own copies and no scan of
# bases, as bases and as bytes (bases=0), beside the build before; Python; tests.
o=$OUT/s3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
source .gpu/env.sh

rows() {  # ENV LABEL [PARAMS]
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 100 levcl-bench --batch synthetic:1000000:150:0.95 --batch synthetic:1000000:150:0.95 --batch synthetic:100000:10000:0.9 \
      --variants auto --peers none --repeat 5 -vv "${@:3}" -o $o/$2-short 2> $o/$2-short.log
    echo "$2: exit $?" ) | tee -a $o/rows.txt
  grep -E "levcl-bench: .*: levcl" $o/$2-short.log | sed "s/^/$2: /" | tee -a $o/rows.txt
}
rows .gpu now; rows .gpu-base base; rows .gpu bytes --param batch-bitpar.bases=0; rows .gpu now2; rows .gpu-base base2; rows .gpu bytes2 --param batch-bitpar.bases=0
( source .gpu/pyenv.sh; export LEVCL_CACHE_DIR=/tmp/cache-now; timeout 100 python3.11 bench/python_batch.py 1000000 150 ) > $o/python.txt 2>&1
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_batch_bitpar" "test_distances" "test_variants --variant=batch-bitpar --test-case=distance:*,batch:*"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 150 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s3.tgz s3 && rm -rf s3
