# Session 54 call 8 (nvidia-h100-x4, which gave four H200s): 2b2931f, the review's mends (one reader of a slot's deltas, a
# launch's reset and run shared by whole sweeps and tiles): test_devices on the four GPUs, and one pair over one,
# two and four GPUs once more.
o=$OUT/c8; mkdir -p $o; d=.gpu/data
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/levcl-cache
timeout 200 test_devices > $o/test_devices.log 2>&1; echo "test_devices: exit $?"; tail -2 $o/test_devices.log
grep -B3 -A8 "ERROR" $o/test_devices.log | head -20
for dev in 0:0 0:0,0:1 all; do
  n=$o/bench-${dev//[:,]/-}
  timeout 60 levcl-bench --device $dev $d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz --lengths 10M --similarities 0.5 --variants bitpar --peers none --repeat 3 -o $n > /dev/null 2>&1
  echo "$dev:"; grep -h '^| [sB]' $n.md | cut -d'|' -f2,5,7,9,10,11,12
done
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
