# Session 41 call 2: the host's memory (membw: 1-16 threads reading and copying 2*10^6
# strings of 150 bytes), the short pairs' pack phase by part, beside the build before.
o=$OUT/s2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
source .gpu/env.sh
timeout 120 membw > $o/membw.txt 2>&1
rows() {  # ENV LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 100 levcl-bench --batch synthetic:1000000:150:0.95 --batch synthetic:1000000:150:0.95 --batch synthetic:100000:10000:0.9 \
      --variants auto --peers none --repeat 5 -vv -o $o/$2-short 2> $o/$2-short.log
    echo "$2: exit $?" ) | tee -a $o/rows.txt
  grep -E "levcl-bench: .*: levcl" $o/$2-short.log | sed "s/^/$2: /" | tee -a $o/rows.txt
}
rows .gpu now; rows .gpu-base base; rows .gpu now2
( source .gpu/pyenv.sh; export LEVCL_CACHE_DIR=/tmp/cache-now; timeout 100 python3.11 bench/python_batch.py 1000000 150 ) > $o/python.txt 2>&1
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_batch_bitpar"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 150 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s2.tgz s2 && rm -rf s2
