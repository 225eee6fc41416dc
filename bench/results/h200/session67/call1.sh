# Session 67 call 1 (a build of e7768a0 with persistent.reach, SOLO_BYTES, as in probe.patch;
# not committed): how far a work-item follows a run alone (8 before) on divergent pairs, whose
# warps followed the lanes' runs past 8 bytes one by one, and on similar ones; with runs
# compared by bytes (extend=1's choice on divergent strings) and by words (extend=2).
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source bench/call_run.sh
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
{
run hiv_auto new --variants auto,bitpar --align --repeat 7 $hiv
for e in 1 2; do for r in 8 16 32 64; do
  run hiv_e${e}_r$r new --variants persistent --align --repeat 7 --param persistent.extend=$e --param persistent.reach=$r $hiv
done; done
for r in 8 32; do for e in 1 2; do
  run p10k_e${e}_r$r new --variants persistent --align --repeat 5 --param persistent.extend=$e --param persistent.reach=$r \
    --lengths 10000 --similarities 0.8,0.9,0.95,0.99
done; done
for r in 8 32; do
  run ecoli_r$r new --variants persistent --repeat 5 --param persistent.reach=$r $ecoli
  run s10m_r$r new --variants persistent --repeat 3 --param persistent.reach=$r --lengths 10M --similarities 0.99
  for s in 0.9 0.98; do
    run b${s}_r$r new --variants persistent --align --repeat 3 --param persistent.reach=$r --batch synthetic:10000:10000:$s
  done
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
