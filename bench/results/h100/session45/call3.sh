# Session 45 call 3: persistent with NVIDIA's warps extending their own runs and the meetings checked in
# phase 1 (SHUFFLE; two barriers a step), the edges given beside the stop check (this build's cl/) beside
# 55c7490's kernel (LEVCL_KERNEL_DIR), alternated; alignments; then the GPU tests of persistent, the
# alignment and bitpar (whose votes moved to warp_lanes.cl).
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
rows() {  # LABEL [env...]
  echo "== $1"
  ( export "${@:2}"
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/$1-ecoli
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 1M,10M --similarities 0.999 -o $o/$1-999
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 10M --similarities 0.99 -o $o/$1-99
    timeout 60 levcl-bench --variants persistent --peers none --repeat 2 --lengths 100M --similarities 0.999 -o $o/$1-100M
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
}
align() {  # LABEL [env...]
  echo "== $1 align"
  ( export "${@:2}"
    timeout 60 levcl-bench --align --variants auto --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/$1-align-ecoli
    timeout 60 levcl-bench --align --variants auto --peers none --repeat 3 --lengths 1M --similarities 0.999 -o $o/$1-align-1M
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
}
{ rows old LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new LEVCL_CACHE_DIR=/tmp/cache-new
  rows old2 LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new2 LEVCL_CACHE_DIR=/tmp/cache-new
  align old LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  align new LEVCL_CACHE_DIR=/tmp/cache-new
} > $o/rows.txt 2>&1
cat $o/rows.txt
LEVCL_CACHE_DIR=/tmp/cache-new levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz > $o/ecoli-vv.txt 2>&1
JOBS=4 ONLY="persistent|test_alignment$|test_variant_bitpar$|test_variant_bitpar_hhv|test_variant_bitpar_breakpoint" timeout 280 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
cat $o/tests/tests.txt
rm -rf $o/tests/cache-*
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
