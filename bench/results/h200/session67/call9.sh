# Session 67 call 9: the session's last build (a batch checked once, its run in Context::Impl)
# on the GPU: the tests of batches, contexts, the command and the alignments, and the batch
# rows beside e7768a0 (.gpu/old), alternating.
o=$OUT/c9; mkdir -p $o
source bench/call_run.sh
gpu_tests "test_distances|test_context|test_cli|test_c_api|test_alignment|batch"
{
for b in new old; do
  run batches_$b $b --variants auto --repeat 3 --batch synthetic:1000000:150:0.95 \
    --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:100000:10000:0.9
  run b90_$b $b --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
pack_results
