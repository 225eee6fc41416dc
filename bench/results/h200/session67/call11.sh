# Session 67 call 11 (nvidia-h200-x2, two H200s, lent late in the session): test_devices on the
# two GPUs; the host-bound batch (10^6 pairs of 150 bp, run on the first GPU alone) on one GPU
# and through --device all by the session's last build (a batch checked once) and by e7768a0
# (.gpu/old, every member checking it again), alternating; the kernel-bound batches on one GPU
# and on both by the last build.
o=$OUT/c11; mkdir -p $o
source bench/call_run.sh
unset LEVCL_DEVICE
( source .gpu/env.sh; POCL_DEVICES= timeout 60 test_devices > $o/test_devices.txt 2>&1 ); tail -2 $o/test_devices.txt
{
for k in 1 2; do for b in new old; do for dev in 0:0 all; do
  run b150_${k}_${b}_${dev/:/-} $b --device $dev --variants auto --repeat 7 --batch synthetic:1000000:150:0.95
done; done; done
for dev in 0:0 all; do
  run batches_${dev/:/-} new --device $dev --variants auto --repeat 3 --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" \
    --batch synthetic:100000:10000:0.9
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
pack_results
