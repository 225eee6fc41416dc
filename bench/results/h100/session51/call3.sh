# Session 51 call 3: 10^6 pairs of 150 bp, three builds alternating, three rounds: the build
# before this stop (31eff71, .gpu-base), f89caa1 (check_batch's one pass, the preparation's
# runs of indices; .gpu-head) and b1b7ead (pairs with their own strings sized and gathered in
# one pass; .gpu); the other batch rows (two rounds) and 10^4 alignments, base and b1b7ead
# alternating; the GPU tests of the batch engines and distances.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch|distances|divergence" timeout 240 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -14
rm -rf $o/tests/cache-*
for r in 1 2 3; do for b in gpu-base gpu-head gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-short-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b r$r: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
for r in 1 2; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-other-$r
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 \
      --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz --batch synthetic:100000:10000:0.9 --batch synthetic:2000:30000:0.9 -o $n > /dev/null 2>&1
    echo "$b r$r:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
done; done
for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-align
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 --align --batch synthetic:10000:10000:0.9 -o $n > /dev/null 2>&1
    echo "$b align:"; grep -h '^| synth' $n.md | cut -d'|' -f2,4,6 )
done
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
