# Session 67 call 5: persistent's step counting the steps since an exchange instead of two
# divisions a step (new) beside 5836876 (.gpu/old), alternating; GPU tests of persistent and
# the alignments.
o=$OUT/c5; mkdir -p $o
source bench/call_run.sh
gpu_tests "persistent|test_alignment"
{
for k in 1 2; do for b in new old; do
  run hiv${k}_$b $b --variants auto,persistent --align --repeat 7 $hiv
  run ecoli${k}_$b $b --variants persistent --repeat 5 $ecoli
  run s10m${k}_$b $b --variants persistent --repeat 3 --lengths 10M --similarities 0.99
done; done
for k in 1 2; do for b in new old; do
  run b90_${k}_$b $b --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
pack_results
