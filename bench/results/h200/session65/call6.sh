# Session 65 call 6 (nvidia-h200-x2): 5c4e6b4, a batch the first GPU takes alone run there as
# it is; the host-bound batches and the 10 Mbp pair at 50% on one GPU and on both.
source .gpu/env.sh
o=$OUT/c6; mkdir -p $o
unset LEVCL_DEVICE
( timeout 120 test_devices > $o/test_devices.txt 2>&1 ); tail -2 $o/test_devices.txt
for k in 1 2; do for dev in 0:0 all; do
  tag=${dev/:/-}$k
  levcl-bench --device $dev --batch synthetic:1000000:150:0.95 --batch synthetic:122:30000:0.988 \
    --variants auto --peers none --repeat 5 -o $o/host-$tag -vv 2> $o/host-$tag.log >/dev/null
  levcl-bench --device $dev --lengths 10M --similarities 0.5 --variants auto --peers none --repeat 3 \
    -o $o/sweep10M-$tag 2> /dev/null >/dev/null
done; done
for f in $o/*.md; do grep -E "levcl auto" $f | cut -d'|' -f2,4,6,7 | sed "s|^|$(basename $f .md): |"; done
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
