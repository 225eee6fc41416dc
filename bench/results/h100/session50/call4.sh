# Session 50 call 4: the stop's batch-bitpar (.gpu) beside the build before (c2083cd,
# .gpu-base) and the same build in chunks of 2^17 pairs (.gpu-head), bytes and bases,
# alternating, four rounds; the other batch rows and a stream of 10^7 short pairs.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="test_batch_bitpar" timeout 100 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -3
rm -rf $o/tests/cache-*
for r in 1 2 3 4; do for cfg in gpu-base:0 gpu:0 gpu:1 gpu-head:0 gpu-head:1; do
  ( IFS=: read b v <<< "$cfg"; source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-bases$v-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --param batch-bitpar.bases=$v \
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
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 100 levcl-bench --variants auto --peers none --repeat 1 --batch stream:10000000:150:0.95 -o $o/stream > /dev/null 2>&1
  grep -h '^| stream' $o/stream.md | cut -d'|' -f2,6,7,13 )
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
