# Session 44 call 10: alignments (bitpar's breakpoints, rings of few bus slots) with the warp meeting
# again after a full stripe's word is published, beside the build before (.gpu-base, aa0851d); then the
# GPU tests of bitpar and the alignments.
o=$OUT/c10; mkdir -p $o; c=.gpu/data/cudalign
export LEVCL_DEVICE=nvidia
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"; hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"; pl="$c/NC_003064.2.fa.gz $c/NC_000914.1.fa.gz"
for b in .gpu-base:base .gpu:now; do
  ( source ${b%%:*}/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-${b##*:}
    timeout 100 levcl-bench --align --variants auto --peers none --repeat 2 --row-budget 6 -o $o/${b##*:}-align $hhv $pl $cp $mot
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/${b##*:}: /"
done | tee $o/rows.txt
source .gpu/env.sh
JOBS=4 ONLY="test_bitpar|test_variant_bitpar$|test_variant_bitpar_|test_alignment_hhv" timeout 150 bash tests/gpu_suite.sh $o/tests >/dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c10.tgz c10 && rm -rf c10
