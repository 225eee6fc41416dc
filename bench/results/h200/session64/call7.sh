# Session 64 call 7: the workgroups of a launch of slots of their own counting one a sweep too
# (an alignment's later levels: a thousand sweeps of a stripe or two), beside debc55d
# (.gpu/old); rings capped the same way (.gpu/b3, an experiment) on the rows that run rings.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD new runs .gpu, else .gpu/BUILD
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar_breakpoint|test_alignment$" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -5; rm -rf $o/tests/cache-*
{
for k in 1 2; do
for b in new old; do run hhva${k}_$b $b --variants auto --align --repeat 5 $hhv; done
for b in new b3; do
run plaa${k}_$b $b --variants auto --align --repeat 3 $pla
run mot${k}_$b $b --variants auto --repeat 3 $mot
done
done
run s3m_new new --variants auto --repeat 5 --lengths 3M --similarities 0.93
run mos_new new --variants auto --repeat 3 --lengths 3M --similarities 0.9 --mosaic
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
