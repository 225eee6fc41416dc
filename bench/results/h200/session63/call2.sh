# Session 63 call 2: a steady group's b codes staged in local memory a group ahead, the next
# bus word's look after the group (own slots); beside 08389dc (.gpu/old) in turn; GPU tests.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar$|test_variant_bitpar_hhv|test_variant_bitpar_breakpoint" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for b in new old; do
run hhv_$b $b --variants bitpar --repeat 9 $hhv
run s3m_$b $b --variants bitpar --repeat 3 --lengths 3M --similarities 0.93
done
for b in new; do  # 08389dc's rows of these: the call before (its new build did not build)
run mos_$b $b --variants auto --repeat 3 --lengths 3M --similarities 0.93 --mosaic
run cp51_$b $b --variants bitpar --repeat 3 $cp51
run hiv_$b $b --variants bitpar --repeat 9 $hiv
run mot_$b $b --variants auto --repeat 3 $mot
run hhva_$b $b --variants auto --align --repeat 5 $hhv
run plaa_$b $b --variants auto --align --repeat 3 $pla
done
run hhv2_new new --variants bitpar --repeat 9 $hhv
run s3m2_new new --variants bitpar --repeat 3 --lengths 3M --similarities 0.93
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
