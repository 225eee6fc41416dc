# Session 67 call 4: persistent's launches of fewer pieces than compute units compare runs a
# word at a time whatever the strings (extend 1), beside HEAD (e7768a0, .gpu/old: words only
# where a sample of the strings looks similar); GPU tests of persistent and the alignments.
o=$OUT/c4; mkdir -p $o
source bench/call_run.sh
gpu_tests "persistent|test_alignment"
{
for k in 1 2; do for b in new old; do
  run hiv${k}_$b $b --variants auto,persistent --align --repeat 7 $hiv
done; done
for b in new old; do
  run p10k_$b $b --variants auto,persistent --align --repeat 5 --lengths 10000 --similarities 0.8,0.9,0.95,0.99
  run ecoli_$b $b --variants auto --repeat 5 $ecoli
done
for s in 0.9 0.98; do for b in new old; do
  run b${s}_$b $b --variants auto --align --repeat 3 --batch synthetic:10000:10000:$s
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
pack_results
