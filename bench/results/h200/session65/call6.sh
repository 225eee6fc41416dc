# Session 65 call 6 (nvidia-h200): the final build's GPU tests of what the session changed
# (alignments, bitpar's breakpoints, tracebacks, the context).
o=$OUT/c6; mkdir -p $o
( JOBS=3 ONLY="test_bitpar$|_breakpoint|_traceback|test_alignment$|test_alignment_hhv|test_context$" timeout 420 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED" $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
