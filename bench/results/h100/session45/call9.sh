# Session 45 call 9: both directions' chunks loaded before either is compared, each only where its run is
# looked at (load_chunks, then bytes_of) -- this build's cl/ -- beside e3c4c76's kernel (cl-old),
# alternated, auto and persistent named (median of 3); alignments; SASS; each pair's kernel from -vv.
o=$OUT/c9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
rows() {  # LABEL [env...]
  echo "== $1"
  ( export "${@:2}"
    timeout 60 levcl-bench --variants auto,persistent --peers none --repeat 3 $e -o $o/$1-ecoli
    timeout 60 levcl-bench --variants auto,persistent --peers none --repeat 3 --lengths 1M,10M --similarities 0.999 -o $o/$1-999
    timeout 60 levcl-bench --variants auto,persistent --peers none --repeat 3 --lengths 10M --similarities 0.99 -o $o/$1-99
    timeout 60 levcl-bench --variants auto,persistent --peers none --repeat 2 --lengths 100M --similarities 0.999 -o $o/$1-100M
    timeout 60 levcl-bench --align --variants auto --peers none --repeat 3 $e -o $o/$1-align-ecoli
    timeout 60 levcl-bench --align --variants auto --peers none --repeat 3 --lengths 1M --similarities 0.999 -o $o/$1-align-1M
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
}
{ rows old LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new LEVCL_CACHE_DIR=/tmp/cache-new
  rows old2 LEVCL_CACHE_DIR=/tmp/cache-old LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old
  rows new2 LEVCL_CACHE_DIR=/tmp/cache-new
} > $o/rows.txt 2>&1
cat $o/rows.txt
for v in new old; do
  ( [ $v = old ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old; export LEVCL_CACHE_DIR=/tmp/cache-$v
    levcl -vv --variant persistent $e
    levcl-bench -vv --variants persistent --peers none --repeat 1 --lengths 1M,10M --similarities 0.999 -o /tmp/x
    levcl-bench -vv --variants persistent --peers none --repeat 1 --lengths 10M --similarities 0.99 -o /tmp/x
    levcl-bench -vv --variants persistent --peers none --repeat 1 --lengths 100M --similarities 0.999 -o /tmp/x
  ) 2>&1 | grep -E "persistent: (1 piece|strings copied|distance)|levcl-bench: .*: levcl" > $o/kernels-$v.txt
done
rm -rf /tmp/c1; mkdir -p /tmp/c1; LEVCL_CACHE_DIR=/tmp/c1 levcl --variant persistent $e > /dev/null
for f in /tmp/c1/wfa_persistent*; do
  off=$(grep -abo "^//" "$f" | head -1 | cut -d: -f1); tail -c +$((off + 1)) "$f" | tr -d '\000' > $o/new.ptx
  ptxas -arch=sm_90 -v -o /tmp/c1/k.cubin $o/new.ptx > $o/new.ptxas.txt 2>&1; cuobjdump -sass /tmp/c1/k.cubin > $o/new.sass 2>&1
done
grep -h "kernel [0-9]" $o/kernels-*.txt | head; grep -E "registers" $o/new.ptxas.txt
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
