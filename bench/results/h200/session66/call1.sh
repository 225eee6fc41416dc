# Session 66 call 1: auto's breakpoint engine for pairs below 2^30 cells, chosen from their
# surviving seeds, and bitpar's top pieces below 2^30 cells on their whole matrix (no sample,
# no anchored bound), beside 7509ae5 (.gpu/old: persistent for every such pair).
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source bench/call_run.sh
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
( JOBS=3 ONLY="bitpar_breakpoint|persistent_breakpoint|test_alignment$|test_alignment_hhv" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for k in 1 2; do for b in new old; do
  run hiv${k}_$b $b --variants auto,bitpar,persistent --align --repeat 7 $hiv
done; done
run hhv_new new --variants auto --align --repeat 5 $hhv
run p10k_new new --variants auto,bitpar,persistent --align --repeat 5 --lengths 10000 --similarities 0.8,0.9,0.95,0.97,0.98,0.99
for s in 0.8 0.9 0.95 0.98 0.99; do
  run b${s}_new new --variants auto,persistent --align --repeat 3 --batch synthetic:10000:10000:$s
  run b${s}_old old --variants auto --align --repeat 3 --batch synthetic:10000:10000:$s
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
