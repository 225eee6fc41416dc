# Session 51 call 8: after the review's mend (8fa2b70: batch-bitpar reads the pairs' layout
# from the call's shape): the GPU tests of the batch engines and distances; 10^6 pairs of
# 150 bp and the SARS-CoV-2 all-vs-all beside the build before (31eff71), alternating.
o=$OUT/c8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch|distances" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -10
rm -rf $o/tests/cache-*
for r in 1 2; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-r$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz -o $n >/dev/null 2>&1
    echo "$b r$r:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
done; done
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
