# Session 65 call 2 (nvidia-h200-x2, lent this session): bench/h100.sh's devices phase at
# d687cc3: one GPU (0:0) beside both (all), test_devices first.
source .gpu/env.sh
o=$OUT/c2; mkdir -p $o
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $o/device.txt 2>&1
timeout 560 bash bench/h100.sh devices $o > $o/phase.txt 2>&1; echo "rc $?" >> $o/phase.txt
grep -hE "passed|failed|test cases" $o/test_devices.txt | tail -3
for f in $o/*.md; do grep -E "levcl (auto|bitpar|align)" $f | cut -d'|' -f2,4,6 | sed "s|^|$(basename $f .md): |"; done
rm -f $o/*.png
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
