# Session 37 call 9, the final build (338e84f): the GPU tests of the changed families, bench/h100.sh's wfa-batch
# phase, the command's SARS-CoV-2 all-vs-all against cpu-bitpar's distances.
source .gpu/env.sh
o=$OUT/m9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
ONLY='wfa_batch|wfa-batch|batch_bitpar|batch-bitpar|persistent_batch|test_distances|test_context' timeout 240 bash tests/gpu_suite.sh $o/suite > /dev/null 2>&1
tail -2 $o/suite/tests.txt; grep FAILED $o/suite/tests.txt; rm -rf $o/suite/cache-*
export LEVCL_CACHE_DIR=/tmp/levcl-cache
timeout 280 bash bench/h100.sh wfa-batch $o/phase > $o/phase.txt 2>&1; echo "phase: exit $?"
grep -h "levcl-bench: .*: levcl" $o/phase.txt
s=$EPOCHREALTIME; levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{printf "levcl --all-vs-all SARS-CoV-2: %.3f s\n", b-a}' | tee -a $o/cli.txt
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/cli.txt
rm -f $o/sars-cli.tsv
cd $OUT && tar czf m9.tgz m9 && rm -rf m9
