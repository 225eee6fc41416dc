# Session 50 call 3: batch-bitpar with a device count of the pairs over their bound (the host's
# pass over every pair skipped where none is), slices of four a thread, the gather's streaming
# stores (.gpu) beside the same build with plain stores (.gpu-head) and the build before
# (c2083cd, .gpu-base), alternating; bases=1 and 15 threads once a round; the batch GPU tests.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
for r in 1 2 3; do for cfg in gpu-base:0:0 gpu:0:0 gpu-head:0:0 gpu:1:0 gpu:0:15; do
  ( IFS=: read b v t <<< "$cfg"; source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-bases$v-t$t-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 7 --threads $t --param batch-bitpar.bases=$v \
      --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$cfg r$r: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
for r in 1 2; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-other-$r
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 \
      --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz --batch synthetic:100000:10000:0.9 --batch synthetic:2000:30000:0.9 -o $n > /dev/null 2>&1
    echo "$b r$r:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,10 )
done; done
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
