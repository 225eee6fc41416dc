# Session 44 call 9: the final rows. This build (.gpu: 3e40365) beside the build before (.gpu-base: aa0851d),
# alternating twice: levcl-bench --variants auto on the divergent pairs, the synthetic 3 Mbp pair at 93%,
# the mosaic 3 Mbp pair at 93% and the synthetic 10 Mbp pair at 50%; then this build's alignments, the
# motivating pair with 32-row blocks, and the GPU tests of the families that run bitpar.cl.
o=$OUT/c9; mkdir -p $o; c=.gpu/data/cudalign; p=.gpu/pairs
export LEVCL_DEVICE=nvidia
hiv=".gpu/data/hiv/AF133821.1.fa.gz .gpu/data/hiv/AY352275.1.fa.gz"; mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"; cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"; pl="$c/NC_003064.2.fa.gz $c/NC_000914.1.fa.gz"
rows() {  # BUNDLE LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 60 levcl-bench --variants auto --peers none --repeat 5 --row-budget 3 -o $o/$2-pairs $hiv $hhv $pl $cp $mot
    timeout 60 levcl-bench --lengths 3M --similarities 0.93 --variants auto --peers none --repeat 5 --row-budget 3 -o $o/$2-3M
    timeout 60 levcl-bench --lengths 3M --similarities 0.93 --mosaic --variants auto --peers none --repeat 3 --row-budget 3 -o $o/$2-mosaic
    timeout 40 levcl-bench --lengths 10M --similarities 0.5 --variants auto --peers none --repeat 2 --row-budget 3 -o $o/$2-10M
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
{ rows .gpu-base base1; rows .gpu now1; rows .gpu-base base2; rows .gpu now2; } | tee $o/rows.txt
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-now1
timeout 100 levcl-bench --align --variants auto --peers none --repeat 2 --row-budget 6 -o $o/align $hhv $pl $cp $mot 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | tee -a $o/rows.txt
timeout 30 levcl-bench --variants bitpar --param bitpar.wide=0 --peers none --repeat 5 --row-budget 3 -o $o/mot32 $mot 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | tee -a $o/rows.txt
JOBS=4 ONLY="test_bitpar|test_variant_bitpar|test_batch_bitpar|test_variant_batch-bitpar|test_alignment_hhv" timeout 150 bash tests/gpu_suite.sh $o/tests >/dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
