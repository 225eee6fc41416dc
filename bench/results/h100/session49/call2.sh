# Session 49 call 2: why the motivating pair ran 10% slower with call 1's kernel (ring words
# that say themselves when stored): the registers NVIDIA gives each kernel source (the build
# before's, .gpu/cl-base; this one's, cl/; this one's with every slot waited on through
# progress, .gpu/cl-b), and the three run by the same binary (LEVCL_KERNEL_DIR), alternating.
o=$OUT/c2; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
opts="-DLANES=32 -DSIGMA=8 -DCHUNK=128 -DSHUFFLE=1 -DPTX_FENCES=1 -DUNROLL=1"
( source .gpu/env.sh
  for wb in 32 64; do for k in cl .gpu/cl-base .gpu/cl-b; do
    n=$(basename $k); .gpu/tools/regs $k/bitpar.cl "-I $PWD/$k $opts -DWORD_BITS=$wb" > $o/regs-$n-$wb.txt 2>&1
    echo "$n $wb-row blocks: $(grep -E 'Used [0-9]+ registers, used 1|spill' $o/regs-$n-$wb.txt | head -2 | tr -s ' ' | tr '\n' ' ')"
  done; done )
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # KERNELS TAG ARGS...
  local k=$1 t=$2; shift 2
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$k
    [ $k = cl ] || export LEVCL_KERNEL_DIR=$PWD/.gpu/$k
    timeout 150 levcl-bench --peers none "$@" -o $o/$k-$t -vv 2> $o/$k-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$k-$t.log | sed "s/^/$k $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for k in cl-base cl cl-b; do
  run $k div$r --variants auto --repeat 5 $hhv $mot
  run $k syn$r --variants auto --repeat 3 --lengths 3M --similarities 0.5
done; done
for k in cl-base cl cl-b; do grep -h "bitpar: 1 piece" $o/$k-div*.log | grep "2468 stripes" | grep -o "run [0-9.]*" | tr '\n' ' '; echo " $k"; done
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
