# Session 51 call 5: 10^6 pairs of 150 bp with the batch's shape passed on (5573946, .gpu:
# batch-bitpar's preparation skipped where check_batch found every pair bringing its own
# strings) beside the build before this stop (31eff71, .gpu-base), alternating, four rounds;
# beside the peers once; the GPU tests of the batch engines and distances.
o=$OUT/c5; mkdir -p $o
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch|distances" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -10
rm -rf $o/tests/cache-*
for r in 1 2 3 4; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-short-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b r$r: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 200 levcl-bench --variants auto --peers edlib,wfa2 --repeat 3 --batch synthetic:1000000:150:0.95 -o $o/peers > $o/peers.out 2>&1
  grep -h '^| synth' $o/peers.md | cut -d'|' -f2-8,12 )
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
