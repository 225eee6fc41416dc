# Session 64 call 9: every chain-bound launch (rings too, as an alignment's first levels run
# within its memory) with as many workgroups as stripes at work, plus one a compute unit and
# one a sweep; beside debc55d (.gpu/old).
o=$OUT/c9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD new runs .gpu, else .gpu/BUILD
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 120 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar_breakpoint|test_alignment$" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -5; rm -rf $o/tests/cache-*
{
for b in new old; do run s3ma_$b $b --variants auto --align --repeat 3 --lengths 3M --similarities 0.93; done
run plaa_new new --variants auto --align --repeat 3 $pla
run mot_new new --variants auto --repeat 3 $mot
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
