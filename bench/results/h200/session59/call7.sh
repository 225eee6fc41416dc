# Session 59 call 7: the review's mend (gathering words and their read only where a launch
# gathers) on the GPU: the two-a-unit test, 10 Mbp at 99% and 100 Mbp through auto.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-t
  timeout 200 test_wfa_persistent "--test-case=*two workgroups a compute unit*" > $o/test.log 2>&1; echo "rc $?" >> $o/test.log
  timeout 60 levcl-bench --peers none --variants auto --repeat 3 --lengths 10M --similarities 0.99 -o $o/wide -vv 2> $o/wide.log > /dev/null; echo "rc $?" >> $o/wide.log
  timeout 60 levcl-bench --peers none --variants auto --repeat 3 --lengths 100M --similarities 0.999 -o $o/big -vv 2>> $o/wide.log > /dev/null; echo "rc $?" >> $o/wide.log )
tail -3 $o/test.log
grep -hE "levcl-bench: .*: levcl|^rc" $o/wide.log
grep -h "did not start" $o/wide.log | head -2
rm -f $o/*.png; gzip $o/wide.log
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
