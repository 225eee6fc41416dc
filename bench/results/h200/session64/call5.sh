# Session 64 call 5: how many workgroups a launch: at most F times the stripes at work at once
# plus one a compute unit (an experiment's LEVCL_EXP_CAP=F; LEVCL_EXP_RINGS: rings too, else
# only slots of their own), the chain step of call 4 in all; beside debc55d (.gpu/old), twice.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD CAP RINGS ARGS...: BUILD new runs .gpu, else .gpu/BUILD; CAP - for none
  local t=$1 e=$2 c=$3 r=$4; shift 4
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    [ $c = - ] || export LEVCL_EXP_CAP=$c; [ $r = 0 ] || export LEVCL_EXP_RINGS=1
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( export LEVCL_EXP_CAP=1 LEVCL_EXP_RINGS=1; JOBS=3 ONLY="test_bitpar|test_variant_bitpar$|test_variant_bitpar_hhv|test_variant_bitpar_breakpoint|test_alignment$|test_context" timeout 300 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for k in 1 2; do
for v in old:-:0 new:2:0 new:1:0 new:2:1 new:1:1; do
  IFS=: read b c r <<< "$v"; tag=${b}_c${c}_r$r
  run s3m${k}_$tag $b $c $r --variants bitpar --repeat 5 --lengths 3M --similarities 0.93
  run mos${k}_$tag $b $c $r --variants auto --repeat 3 --lengths 3M --similarities 0.9 --mosaic
  run cp51${k}_$tag $b $c $r --variants bitpar --repeat 3 $cp51
  run mot${k}_$tag $b $c $r --variants auto --repeat 3 $mot
done
done
for v in old:-:0 new:1:1; do
  IFS=: read b c r <<< "$v"; tag=${b}_c${c}_r$r
  run hhv_$tag $b $c $r --variants bitpar --repeat 9 $hhv
  run s10m_$tag $b $c $r --variants auto --repeat 1 --lengths 10M --similarities 0.5
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
