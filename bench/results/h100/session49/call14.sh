# Session 49 call 14: the review's mends (symbol codes of batch-bitpar's long pairs from
# symbol_codes; the unstored byte defined in cl/bitpar.h) on the H100: the bitpar and
# batch-bitpar GPU tests, HHV-6B x EBV and a batch of long pairs.
o=$OUT/c14; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="bitpar" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 100 levcl-bench --peers none --variants auto --repeat 5 $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz \
    -o $o/hhv > /dev/null 2>&1
  timeout 100 levcl-bench --peers none --variants auto --repeat 3 --batch synthetic:200:100000:0.8 -o $o/batch > /dev/null 2>&1
  grep -h "^| " $o/hhv.md $o/batch.md | cut -d'|' -f2,7,10 )
cd $OUT && tar czf c14.tgz c14 && rm -rf c14
