# Session 59 call 6: the review's GPU test (two workgroups a unit, its local layouts at
# workgroups of 32) on the final build, and the fronts' workgroups it ran.
o=$OUT/c6; mkdir -p $o
( source .gpu/env.sh; export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-t
  timeout 200 test_wfa_persistent "--test-case=*two workgroups a compute unit*" > $o/test.log 2>&1; echo "rc $?" >> $o/test.log )
tail -4 $o/test.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
