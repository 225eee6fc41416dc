# Session 46 call 2: the single-pair host path (the sample in skewed and AVX2 bit vectors, whole
# windows, AVX2 seeds; the strings copied while the sample and auto's choice run; persistent's
# buffers kept) beside the build before (a6b0c89, .gpu-base), alternating twice; then -vv of
# this build and the GPU tests of what it touched.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
c=$d/cudalign
div="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # BUILD ROUND
  ( source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1; p=$o/$1-$2
    timeout 120 levcl-bench --variants auto,persistent --peers none --repeat 5 --lengths 1M,10M --similarities 0.999 -o $p-999
    timeout 120 levcl-bench --variants auto,persistent --peers none --repeat 5 $e $h -o $p-pairs
    timeout 120 levcl-bench --variants auto --peers none --repeat 5 $div -o $p-div
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 --lengths 3M --similarities 0.93 -o $p-s3m
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 --lengths 3M --similarities 0.93 --mosaic -o $p-m3m
  ) > $o/$1-$2.log 2>&1
}
for r in 1 2; do run gpu-base $r; run gpu $r; done
for f in $o/*-[12].log; do echo "== $f"; grep -E "levcl-bench: .*: levcl" $f | sed 's/levcl-bench: //'; done
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  levcl-bench --variants auto,persistent --peers none --repeat 3 --lengths 1M --similarities 0.999 -vv > $o/vv-999.log 2>&1
  levcl-bench --variants auto --peers none --repeat 3 $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz -vv > $o/vv-hhv.log 2>&1 )
grep -hE "chosen in|sampled in|set up|strings and|plan, run" $o/vv-999.log | tail -6
grep -hE "chosen in|strings and|plan, run" $o/vv-hhv.log | tail -3
JOBS=4 ONLY="persistent|test_distances|test_context|test_divergence|test_alignment$|antidiagonal|wfa_band|pwg|test_c_api|bitpar$" timeout 280 bash tests/gpu_suite.sh $o/tests
cat $o/tests/tests.txt
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
