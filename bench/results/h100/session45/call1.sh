# Session 45 call 1: persistent's rows at 7dd77d6 beside the same build with an L2 prefetch of the next
# 1 KB past every run a team ends (kernel copy in .gpu/cl-pf through LEVCL_KERNEL_DIR), alternated; the
# program cache's PTX of the E. coli program for its SASS.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
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
{ rows base LEVCL_CACHE_DIR=/tmp/cache-base
  rows pf LEVCL_CACHE_DIR=/tmp/cache-pf LEVCL_KERNEL_DIR=$PWD/.gpu/cl-pf
  rows base2 LEVCL_CACHE_DIR=/tmp/cache-base
  rows pf2 LEVCL_CACHE_DIR=/tmp/cache-pf LEVCL_KERNEL_DIR=$PWD/.gpu/cl-pf
} > $o/rows.txt 2>&1
LEVCL_CACHE_DIR=$o/cache levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz > $o/ecoli-vv.txt 2>&1
ls -la $o/cache >> $o/ecoli-vv.txt
for f in $o/cache/*; do
  if grep -aq "wfa_persistent" "$f" && grep -aq ".target" "$f"; then
    b=$(basename $f); cp "$f" $o/$b.ptx
    ptxas -arch=sm_90 -v -o $o/$b.cubin $o/$b.ptx > $o/$b.ptxas.txt 2>&1
    cuobjdump -sass $o/$b.cubin > $o/$b.sass 2>&1; rm -f $o/$b.cubin
  fi
done
rm -rf $o/cache
cat $o/rows.txt
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
