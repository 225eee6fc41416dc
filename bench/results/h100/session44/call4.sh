# Session 44 call 4: bitpar's next bus word read ahead and the host's one-pass meeting (this build),
# beside aa0851d's kernels (.gpu/cl-old) and a variant whose out lane alone stores its code (pred,
# through LEVCL_KERNEL_DIR); 32-row blocks for the motivating pair; alignments; then the GPU tests.
o=$OUT/c4; mkdir -p $o; c=.gpu/data/cudalign; p=.gpu/pairs
source .gpu/env.sh
export LEVCL_DEVICE=nvidia
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"; hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"; s3="$p/s3m93a.fa $p/s3m93b.fa"; pl="$c/NC_003064.2.fa.gz $c/NC_000914.1.fa.gz"
rows() {  # LABEL KERNELS
  ( export LEVCL_KERNEL_DIR=$2 LEVCL_CACHE_DIR=/tmp/cache-$1
    timeout 60 levcl-bench --variants auto --peers none --repeat 5 --row-budget 3 -o $o/$1-pairs $hhv $pl $cp $s3 $mot
    timeout 60 levcl-bench --lengths 3M --similarities 0.93 --mosaic --variants auto --peers none --repeat 3 --row-budget 3 -o $o/$1-mosaic
    timeout 30 levcl-bench --variants bitpar --param bitpar.wide=0 --peers none --repeat 3 --row-budget 3 -o $o/$1-mot32 $mot
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$1: /"
}
{ rows old $PWD/.gpu/cl-old; rows new ""; rows pred $PWD/.gpu/kv/pred; rows new2 ""; rows pred2 $PWD/.gpu/kv/pred; } | tee $o/rows.txt
export LEVCL_CACHE_DIR=/tmp/cache-new
timeout 100 levcl-bench --align --variants auto --peers none --repeat 2 --row-budget 6 -o $o/align $hhv $pl $cp $mot 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | tee -a $o/rows.txt
JOBS=4 ONLY="test_bitpar|test_variant_bitpar|test_batch_bitpar|test_variant_batch-bitpar|test_alignment_hhv" timeout 200 bash tests/gpu_suite.sh $o/tests >/dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
