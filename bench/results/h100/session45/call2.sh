# Session 45 call 2: persistent with positions in ints and each radius's live intervals worked out once
# (this build's cl/) beside the kernel before (7dd77d6's cl/ through LEVCL_KERNEL_DIR), alternated.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
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
{ rows old LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows int LEVCL_CACHE_DIR=/tmp/cache-int
  rows old2 LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows int2 LEVCL_CACHE_DIR=/tmp/cache-int
} > $o/rows.txt 2>&1
LEVCL_CACHE_DIR=/tmp/cache-int levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz > $o/ecoli-vv.txt 2>&1
cp /tmp/cache-int/wfa_persistent* $o/ 2>/dev/null
cat $o/rows.txt
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
