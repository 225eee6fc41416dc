# Session 41 call 8: alignment batches with the traced runs not zeroed (d6b43ba), beside
# the build before (.gpu-base, 0f4f67e); test_alignment and test_batch_bitpar.
o=$OUT/s8; mkdir -p $o
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
rows() {  # ENV LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 120 levcl-bench --align --batch synthetic:10000:10000:0.9 --variants auto --peers none --repeat 3 -vv -o $o/$2-align 2> $o/$2-align.log
    echo "$2: exit $?" ) | tee -a $o/rows.txt
  grep -E "levcl-bench: .*: levcl|traceback:|assembled" $o/$2-align.log | sed "s/^/$2: /" | tee -a $o/rows.txt
}
rows .gpu now; rows .gpu-base base; rows .gpu now2; rows .gpu-base base2
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_alignment" "test_batch_bitpar"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 150 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s8.tgz s8 && rm -rf s8
