# Session 63 call 9: bitpar's codes forward and reversed in one launch, the table copied in at
# its creation, beside 104540b (.gpu/old) in turn, twice: the short pairs (issue 22's 10 kbp
# at 95%); test_bitpar and bitpar's entries.
o=$OUT/c9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar$|test_variant_bitpar_breakpoint|test_variant_bitpar_hhv" timeout 150 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -6; rm -rf $o/tests/cache-*
v="--variants auto,persistent,bitpar"
{
for k in 1 2; do
for b in new old; do
run hiv${k}_$b $b $v --repeat 9 $hiv
run s10k${k}_$b $b $v --repeat 9 --lengths 10k --similarities 0.95
run hhv${k}_$b $b --variants bitpar --repeat 7 $hhv
done
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
