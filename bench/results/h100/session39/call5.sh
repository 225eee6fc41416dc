# Session 39 call 5, after the review mends (6106b64), on a fresh machine: the first calls with empty caches
# (bench/h100.sh coldstart), then the GPU tests of the changed paths, and the SARS-CoV-2 batch row.
source .gpu/env.sh
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_SAMPLE_DIR=$PWD/data LEVCL_CLI=$PWD/.gpu/bin/levcl
bash bench/h100.sh coldstart $o
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in test_context test_alignment test_distances; do s=$SECONDS; timeout 200 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --variants auto --peers none --repeat 5 -o $o/sars-bench 2>&1 | grep "levcl-bench: .*: levcl" | tee -a $o/tests.txt
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
