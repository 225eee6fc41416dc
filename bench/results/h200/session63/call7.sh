# Session 63 call 7: bitpar's results read after the launch (the progress fix): test_context,
# test_bitpar, bitpar's breakpoint entry; the short pairs' distances and HHV-6B x EBV's
# alignment beside 08389dc (.gpu/old) in turn.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_context|test_bitpar|test_variant_bitpar_breakpoint" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -6; rm -rf $o/tests/cache-*
{
for k in 1 2; do
for b in new old; do
run hiv${k}_$b $b --variants bitpar --repeat 9 $hiv
run hhva${k}_$b $b --variants auto --align --repeat 5 $hhv
done
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
