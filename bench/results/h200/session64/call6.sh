# Session 64 call 6: the final build (60f0e22: the chain step with the lane above's bits apart,
# as many workgroups as stripes at work plus one a compute unit) beside debc55d (.gpu/old):
# GPU tests, the divergent rows and alignments in turn, and auto beside each engine on short pairs.
o=$OUT/c6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD new runs .gpu, else .gpu/BUILD
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar|test_alignment$|test_context|test_distances" timeout 300 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -12; rm -rf $o/tests/cache-*
{
for k in 1 2; do
for b in new old; do
run s3m${k}_$b $b --variants auto,bitpar --repeat 5 --lengths 3M --similarities 0.93
run mos${k}_$b $b --variants auto --repeat 3 --lengths 3M --similarities 0.9,0.93,0.95 --mosaic
run hhv${k}_$b $b --variants bitpar --repeat 9 $hhv
run cp51${k}_$b $b --variants bitpar --repeat 3 $cp51
run mot${k}_$b $b --variants auto --repeat 3 $mot
done
done
for b in new old; do
run s10m_$b $b --variants auto --repeat 1 --lengths 10M --similarities 0.5
run hiv_$b $b --variants bitpar --repeat 9 $hiv
run hiva_$b $b --variants auto --align --repeat 7 $hiv
run hhva_$b $b --variants auto --align --repeat 5 $hhv
run plaa_$b $b --variants auto --align --repeat 3 $pla
done
run s10k_new new --variants auto,persistent,bitpar --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s100k_new new --variants auto,persistent,bitpar --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
