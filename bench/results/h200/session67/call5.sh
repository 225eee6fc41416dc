# Session 67 call 5: persistent's step counting the steps since an exchange instead of two
# divisions a step (new) beside 5836876 (.gpu/old), alternating; GPU tests of persistent and
# the alignments.
(cd .gpu && tar xJf pack.tar.xz && rm pack.tar.xz)
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source bench/call_run.sh
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
( JOBS=3 ONLY="persistent|test_alignment" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED" $o/tests/tests.txt | tail -12; rm -rf $o/tests/cache-*
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
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
