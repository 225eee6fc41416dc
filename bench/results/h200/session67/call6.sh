# Session 67 call 6: an alignment's levels of fewer pieces than twice the compute units, every
# piece fitting local columns whole, run a workgroup of wg each with local columns (new)
# instead of one of global-wg with global columns, beside cd0eadd (.gpu/old), alternating;
# GPU tests of persistent and the alignments.
(cd .gpu && tar xJf pack.tar.xz && rm pack.tar.xz)
o=$OUT/c6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source bench/call_run.sh
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
( JOBS=3 ONLY="persistent|test_alignment" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED" $o/tests/tests.txt | tail -12; rm -rf $o/tests/cache-*
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
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
