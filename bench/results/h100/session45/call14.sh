# Session 45 call 14 (review mends): persistent's 16-byte compare in one helper for a work-item's own look
# and its warp's rounds, the step before's live positions carried from the step before (this build's
# cl/) beside 876a492's kernel (cl-old), alternated; GPU tests of persistent and the alignment.
o=$OUT/c14; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
rows() {  # LABEL [env...]
  echo "== $1"
  ( export "${@:2}"
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 $e -o $o/$1-ecoli
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 10M --similarities 0.999,0.99 -o $o/$1-10M
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
}
{ rows old LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new LEVCL_CACHE_DIR=/tmp/cache-new
  rows old2 LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new2 LEVCL_CACHE_DIR=/tmp/cache-new
} > $o/rows.txt 2>&1
cat $o/rows.txt
JOBS=4 ONLY="persistent|test_alignment" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c14.tgz c14 && rm -rf c14
