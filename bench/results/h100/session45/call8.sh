# Session 45 call 8: each radius's live positions as four fields (an array by direction was kept on the stack)
# and a next row without saturating adds, beside a953d20's kernel (cl-old), alternated; alignments; SASS; GPU tests.
o=$OUT/c8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
rows() {  # LABEL [env...]
  echo "== $1"
  ( export "${@:2}"
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/$1-ecoli
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 1M,10M --similarities 0.999 -o $o/$1-999
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 10M --similarities 0.99 -o $o/$1-99
    timeout 60 levcl-bench --variants persistent --peers none --repeat 2 --lengths 100M --similarities 0.999 -o $o/$1-100M
    timeout 60 levcl-bench --align --variants auto --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/$1-align-ecoli
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
}
{ rows old LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new LEVCL_CACHE_DIR=/tmp/cache-new
  rows old2 LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new2 LEVCL_CACHE_DIR=/tmp/cache-new
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
grep -E "kernel [0-9]|private" $o/ecoli-vv-*.txt
unset LEVCL_KERNEL_DIR
JOBS=4 ONLY="persistent|test_alignment" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*; cat $o/*.ptxas.txt | grep -i "registers\|spill"
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
