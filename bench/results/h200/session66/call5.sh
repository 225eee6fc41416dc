# Session 66 call 5: the GPU tests of what the session changed (bitpar's breakpoints, the
# alignments over them, the contexts' alignment levels), at the final build.
o=$OUT/c5; mkdir -p $o
( JOBS=3 ONLY="test_bitpar$|test_variant_bitpar|test_context|test_alignment$|test_alignment_hhv" timeout 500 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
