# Session 61 call 10: the review's mend (bitpar's buffers lent through device_buffers.hpp's
# lend) on the GPU: bitpar's, the bases' and the alignment's tests, and the divergent rows.
o=$OUT/c10; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
( source .gpu/env.sh
  levcl-bench --peers none --variants auto,bitpar --align --repeat 7 -o $o/div $hiv $hhv 2> /dev/null | grep "^| " | cut -d'|' -f2-8 )
( JOBS=4 ONLY="test_variant_(bitpar|bitpar-vector)(_breakpoint)?$|test_bitpar|test_bases|test_alignment$" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
cd $OUT && tar czf c10.tgz c10 && rm -rf c10
