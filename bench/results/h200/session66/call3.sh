# Session 66 call 3: persistent's breakpoints on divergent 10 kbp pairs with their runs
# extended a byte at a time (the default there: extend=1 takes words only where a sample
# leaves 16 or more matching bytes an edit) against 8 bytes at a time (extend=2),
# at 0a57745 (the build of call 2); alone and in batches.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source bench/call_run.sh
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
{
for k in 1 2; do
  run hiv${k}_e1 new --variants persistent --align --repeat 7 $hiv
  run hiv${k}_e2 new --variants persistent --align --repeat 7 --param persistent.extend=2 $hiv
done
for e in 1 2; do
  run p10k_e$e new --variants persistent --align --repeat 5 --param persistent.extend=$e --lengths 10000 --similarities 0.8,0.9,0.95
done
for s in 0.8 0.9; do for e in 1 2; do
  run b${s}_e$e new --variants persistent --align --repeat 3 --param persistent.extend=$e --batch synthetic:10000:10000:$s
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
