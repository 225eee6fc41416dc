# Session 66 call 4: persistent's lone-pair launches on the HIV-1 pair and a 10 kbp pair at
# 80%, align and distance, under other parameters (--param persistent.KEY=VALUE) than the
# shipped H100 entry's, at 0a57745: which bound a divergent small pair's steps (1.7 us a
# step at its top level, 2.7-2.9 us at its levels of 8 and 16 pieces).
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source bench/call_run.sh
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
{
for p in none groups=16 groups=32 groups=64 halo=8 halo=16 halo=64 wg=128 wg=512 solo=0 solo=8 spread=1 spread=0 local=0 unit-groups=1; do
  a=(); [ $p = none ] || a=(--param persistent.$p)
  run hiv_$p new --variants persistent --align --repeat 7 "${a[@]}" $hiv
  run s80_$p new --variants persistent --align --repeat 5 "${a[@]}" --lengths 10000 --similarities 0.8
done
} > $o/rows.txt 2>&1
grep "align persistent" $o/rows.txt | sed 's/levcl-bench: //; s/ (median.*//'
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
