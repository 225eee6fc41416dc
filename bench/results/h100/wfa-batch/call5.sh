# Session 37 call 5: the GPU tests of the changed families (wfa-batch, batch-bitpar's gathering in rounds,
# persistent's batch through join_strings, auto's routing), then the batches the changes touch, end to end.
source .gpu/env.sh
o=$OUT/m5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
ONLY='wfa_batch|wfa-batch|batch_bitpar|batch-bitpar|persistent|test_distances|test_context' timeout 300 bash tests/gpu_suite.sh $o/suite > /dev/null 2>&1
tail -3 $o/suite/tests.txt; grep FAILED $o/suite/tests.txt
export LEVCL_CACHE_DIR=/tmp/levcl-cache
run() {  # NAME ARGS...
  levcl-bench --peers none -vv -o $o/$1 "${@:2}" > $o/$1.log 2>&1
  grep -h "levcl-bench: .*: levcl" $o/$1.log | sed "s/^/$1: /"
}
run short --batch synthetic:1000000:150:0.95 --variants auto --repeat 5
run batches --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:122:30000:0.988 \
  --batch synthetic:100000:10000:0.99 --batch synthetic:100000:10000:0.9 --variants auto --repeat 3
grep -h "host ms\|distances of" $o/short.log | tail -4
grep -h "joined\|wfa-batch:\|distances of" $o/batches.log | tail -12
s=$EPOCHREALTIME; levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{printf "levcl --all-vs-all SARS-CoV-2: %.3f s\n", b-a}' | tee -a $o/cli.txt
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/cli.txt
rm -rf $o/suite/cache-*
cd $OUT && tar czf m5.tgz m5 && rm -rf m5
