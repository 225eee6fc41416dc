# Session 45 call 10: the GPU test suite on the final build (tests/gpu_suite.sh, 4 at a time).
o=$OUT/c10; mkdir -p $o
JOBS=4 timeout 560 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c10.tgz c10 && rm -rf c10
