# Session 45 call 4: persistent's 16 bytes a run as two aligned 16-byte loads a string (load_pair) with the
# warps' extension (this build's cl/), beside 55c7490's kernel (cl-old), and the same kernel with every
# such load made twice (cl-dbl: what the loads' throughput costs a step); the SASS of the E. coli program.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
rows() {  # LABEL [env...]
  echo "== $1"
  ( export "${@:2}"
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/$1-ecoli
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 1M,10M --similarities 0.999 -o $o/$1-999
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 10M --similarities 0.99 -o $o/$1-99
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
}
{ rows old LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new LEVCL_CACHE_DIR=/tmp/cache-new
  rows dbl LEVCL_CACHE_DIR=/tmp/cache-dbl LEVCL_KERNEL_DIR=$PWD/.gpu/cl-dbl
  rows old2 LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new2 LEVCL_CACHE_DIR=/tmp/cache-new
  rows dbl2 LEVCL_CACHE_DIR=/tmp/cache-dbl LEVCL_KERNEL_DIR=$PWD/.gpu/cl-dbl
} > $o/rows.txt 2>&1
cat $o/rows.txt
for v in new old; do
  rm -rf /tmp/c1; mkdir -p /tmp/c1
  if [ $v = old ]; then export LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old; fi
  LEVCL_CACHE_DIR=/tmp/c1 levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz > $o/ecoli-vv-$v.txt 2>&1
  for f in /tmp/c1/wfa_persistent*; do
    off=$(grep -abo "^//" "$f" | head -1 | cut -d: -f1)
    tail -c +$((off + 1)) "$f" | tr -d '\000' > $o/$v.ptx
    ptxas -arch=sm_90 -v -o /tmp/c1/k.cubin $o/$v.ptx > $o/$v.ptxas.txt 2>&1
    cuobjdump -sass /tmp/c1/k.cubin > $o/$v.sass 2>&1
  done
done
grep -E "kernel [0-9]|private" $o/ecoli-vv-*.txt; cat $o/*.ptxas.txt | grep -i "registers\|spill"
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
