# Session 50 call 5: the stop's final batch-bitpar (bases by default) beside the build before
# (c2083cd, .gpu-base) on 10^6 pairs of 150 bp, three rounds; beside edlib and WFA2-lib on all
# host threads; 2,000 pairs of 30 kbp at 90% with -vv in both; the batch GPU tests.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch" timeout 150 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -8
rm -rf $o/tests/cache-*
for r in 1 2 3; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-short-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b r$r: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-30k
    timeout 100 levcl-bench --variants auto --peers none --repeat 3 --batch synthetic:2000:30000:0.9 -o $n -vv 2> $n.log >/dev/null
    echo "$b 2000 x 30 kbp: $(grep -h '^| synth' $n.md | cut -d'|' -f6)" )
done
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 200 levcl-bench --variants auto --peers edlib,wfa2 --repeat 3 --batch synthetic:1000000:150:0.95 -o $o/peers > $o/peers.out 2>&1
  grep -h '^| synth' $o/peers.md | cut -d'|' -f2-8,12 )
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
