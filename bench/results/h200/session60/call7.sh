# Session 60 call 7: the review's mend (OpenDevice::launch_items) on the GPU: the variant
# entries of the kernels it launches, batch-bitpar's and the bases' tests, the alignment.
o=$OUT/c7; mkdir -p $o
( JOBS=4 ONLY="test_variant_(bitpar|batch-bitpar|antidiagonal|dynamic|persistent|wfa-traceback)|test_batch_bitpar|test_bases|test_alignment$" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -30
rm -rf $o/tests/cache-*
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
