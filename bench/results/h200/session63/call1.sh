# Session 63 call 1: bitpar's lanes SKEW columns apart (skew 1, 2, 4) on the chain-bound pairs;
# test_bitpar (its new case runs skew 2 and 4 through the shuffles); 08389dc (.gpu/old) beside.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar$|test_variant_bitpar_hhv|test_variant_bitpar_breakpoint" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for s in 1 2 4; do
p="--param bitpar.skew=$s"
run hhv_s$s new --variants bitpar $p --repeat 7 $hhv
run s3m_s$s new --variants bitpar $p --repeat 3 --lengths 3M --similarities 0.93
run mos_s$s new --variants bitpar $p --repeat 3 --lengths 3M --similarities 0.93 --mosaic
run cp51_s$s new --variants bitpar $p --repeat 3 $cp51
run hiv_s$s new --variants bitpar $p --repeat 7 $hiv
run mot_s$s new --variants bitpar $p --repeat 3 $mot
run hiva_s$s new --variants bitpar --align $p --repeat 5 $hiv
run hhva_s$s new --variants auto --align $p --repeat 5 $hhv
done
run hhv_old old --variants bitpar --repeat 7 $hhv
run s3m_old old --variants bitpar --repeat 3 --lengths 3M --similarities 0.93
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
