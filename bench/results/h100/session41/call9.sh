# Session 41 call 9: batches with the largest pair's cells from check_batch (49d460b), beside
# the build before (.gpu-base, 0f4f67e); test_distances, test_batch_bitpar, test_wfa_batch.
o=$OUT/s9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
rows() {  # ENV LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 150 levcl-bench --batch synthetic:1000000:150:0.95 --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz \
      --batch synthetic:200:100000:0.8 --batch synthetic:100000:10000:0.99 --batch synthetic:1000000:150:0.95 \
      --variants auto --peers none --repeat 5 -vv -o $o/$2-batches 2> $o/$2-batches.log
    echo "$2: exit $?" ) | tee -a $o/rows.txt
  grep -E "levcl-bench: .*: levcl" $o/$2-batches.log | sed "s/^/$2: /" | tee -a $o/rows.txt
}
rows .gpu now; rows .gpu-base base; rows .gpu now2; rows .gpu-base base2
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_distances" "test_batch_bitpar" "test_wfa_batch"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 150 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s9.tgz s9 && rm -rf s9
