# Session 67 call 10: the host-bound batch (10^6 pairs of 150 bp) by the session's last build
# and by e7768a0 (.gpu/old), alternating three times: call 9 read 19.8 against 16.9 ms.
o=$OUT/c10; mkdir -p $o
source bench/call_run.sh
{
for k in 1 2 3; do for b in new old; do
  run b150_${k}_$b $b --variants auto --repeat 7 --batch synthetic:1000000:150:0.95
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
pack_results
