# Session 67 call 7: persistent named on lone divergent pairs (its launches now compare words
# whatever the strings) and the engine's headline rows, at ab34d83 beside e7768a0 (.gpu/old,
# the session's start), alternating.
o=$OUT/c7; mkdir -p $o
source bench/call_run.sh
{
for b in new old; do
  run div_$b $b --variants persistent --repeat 3 --lengths 100000,1000000 --similarities 0.5,0.7
done
for b in new old; do
  run ecoli_$b $b --variants auto,persistent --repeat 5 $ecoli
  run sim_$b $b --variants auto --repeat 3 --lengths 1M,10M --similarities 0.999,0.99
  RUN_LIMIT=240 run s100m_$b $b --variants auto --repeat 3 --lengths 100M --similarities 0.999
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
pack_results
