# Session 63 call 5: the final build's GPU tests (bitpar's entries, the alignments, the contexts, distances and the command), and the mosaic pairs at
# 90% and 95%.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=4 ONLY="test_variant_bitpar|test_bitpar|test_alignment|test_context|test_distances|test_cli$" timeout 400 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "FAILED|entries" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for b in new; do
run mos_$b $b --variants auto --repeat 3 --lengths 3M --similarities 0.9,0.95 --mosaic
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
