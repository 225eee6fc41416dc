# Session 67 call 6: an alignment's levels of fewer pieces than twice the compute units, every
# piece fitting local columns whole, run a workgroup of wg each with local columns (new)
# instead of one of global-wg with global columns, beside cd0eadd (.gpu/old), alternating;
# GPU tests of persistent and the alignments.
o=$OUT/c6; mkdir -p $o
source bench/call_run.sh
gpu_tests "persistent|test_alignment"
{
for k in 1 2; do for b in new old; do
  run hiv${k}_$b $b --variants auto,bitpar --align --repeat 7 $hiv
  run p10k${k}_$b $b --variants auto --align --repeat 5 --lengths 10000 --similarities 0.8,0.9,0.95,0.99
  run ecoli${k}_$b $b --variants auto --align --repeat 3 $ecoli
done; done
for b in new old; do
  run b90_$b $b --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
pack_results
