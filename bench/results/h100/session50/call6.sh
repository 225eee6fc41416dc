# Session 50 call 6: bases out of the gather by streaming stores too (.gpu) beside 03d70da
# (.gpu-head, bases by default, written by plain stores), 10^6 pairs of 150 bp, four rounds;
# the batch GPU tests.
o=$OUT/c6; mkdir -p $o
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch" timeout 150 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -8
rm -rf $o/tests/cache-*
for r in 1 2 3 4; do for b in gpu-head gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-short-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b r$r: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
