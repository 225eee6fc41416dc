# Session 54 call 6 (nvidia-h100-x4): 3c49044, test_devices on the four GPUs (blocks over three and
# four with stripes of 1,024 and 2,048 rows, tiles of 1, 4 and 16 a block; parts of four contexts;
# the halves), and the motivating pair over four GPUs once more.
o=$OUT/c6; mkdir -p $o; d=.gpu/data
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/levcl-cache
timeout 200 test_devices > $o/test_devices.log 2>&1; echo "test_devices: exit $?"; tail -3 $o/test_devices.log
grep -B3 -A8 "ERROR" $o/test_devices.log | head -30
timeout 60 levcl-bench --device all $d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz --variants bitpar --peers none --repeat 3 -o $o/bench-all > /dev/null 2>&1
grep -h '^| [sB]' $o/bench-all.md | cut -d'|' -f2,5,7,9,10,11,12
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
