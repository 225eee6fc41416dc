# Session 45 call 11: test_tuning_db on the H100 after its choice tests set ColdPrograms::build.
o=$OUT/c11; mkdir -p $o
JOBS=1 ONLY="test_tuning_db" timeout 120 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c11.tgz c11 && rm -rf c11
