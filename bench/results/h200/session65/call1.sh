# Session 65 call 1: wfa-traceback a workgroup a piece, its fronts in local memory, pieces up
# to distance 88 (d687cc3), beside 1fc0b8a (.gpu/old: one work-item a piece, up to 32).
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
cp5="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD new runs .gpu, else .gpu/BUILD
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 120 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="wfa-traceback|test_alignment$|test_alignment_hhv|test_bitpar$|_breakpoint" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED" $o/tests/tests.txt | tail -12; rm -rf $o/tests/cache-*
{
for k in 1 2; do for b in new old; do
  run hiv${k}_$b $b --variants auto,bitpar --align --repeat 7 $hiv
  run hhv${k}_$b $b --variants auto --align --repeat 7 $hhv
done; done
for b in new old; do
  run pla_$b $b --variants auto --align --repeat 5 $pla
  run cp5_$b $b --variants auto --align --repeat 3 $cp5
  run b90_$b $b --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
  run b99_$b $b --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.99
  run s3m_$b $b --variants auto --align --repeat 3 --lengths 3M --similarities 0.93
  run mot_$b $b --variants auto --align --repeat 3 $mot
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
