# Session 66 call 2: what was kept of call 1 (2ec3370: bitpar's top pieces below 2^30 cells on
# their whole matrix, no sample or anchored bound; auto's choice unchanged), beside 7509ae5
# (.gpu/old), in turn: bitpar named on the HIV-1 pair and on batches of 10^4 pairs of 10 kbp
# (its distance rows run each pair alone: one run each, --row-budget 1), auto unchanged.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source bench/call_run.sh
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
( JOBS=3 ONLY="bitpar_breakpoint|test_alignment$|test_alignment_hhv" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for k in 1 2; do for b in new old; do
  run hiv${k}_$b $b --variants auto,bitpar --align --repeat 7 $hiv
done; done
for b in new old; do
  run p10k_$b $b --variants bitpar --align --repeat 5 --lengths 10000 --similarities 0.8,0.95,0.99
done
for s in 0.8 0.9 0.95; do for b in new old; do
  run b${s}_$b $b --variants auto,bitpar --align --repeat 3 --row-budget 1 --batch synthetic:10000:10000:$s
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
