# Session 49 call 4: call 3's kernel of slots of their own compiled to 96 registers and ran the
# throughput-bound pairs 35% slower: that kernel (cl/), with a nanosleep in its wait for a word
# (.gpu/k-sleep), with its progress published behind a fence as before (.gpu/k-fence), with
# both (.gpu/k-both), all by this build's binary (LEVCL_KERNEL_DIR), beside the build before
# (1c42777, .gpu-base); their registers.
o=$OUT/c4; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
opts="-DLANES=32 -DSIGMA=8 -DCHUNK=128 -DSHUFFLE=1 -DPTX_FENCES=1 -DUNROLL=1 -DOWN_SLOTS=1"
( source .gpu/env.sh
  for wb in 32 64; do for k in cl .gpu/k-sleep .gpu/k-fence .gpu/k-both; do
    n=$(basename $k); .gpu/tools/regs $k/bitpar.cl "-I $PWD/$k $opts -DWORD_BITS=$wb" > $o/regs-$n-$wb.txt 2>&1
    echo "$n $wb-row blocks: $(grep -E 'Used [0-9]+ registers, used 1|spill' $o/regs-$n-$wb.txt | head -2 | tr -s ' ' | tr '\n' ' ')"
  done; done )
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # KERNELS TAG ARGS...
  local k=$1 t=$2; shift 2
  ( if [ $k = base ]; then source .gpu-base/env.sh; else source .gpu/env.sh; fi
    export LEVCL_CACHE_DIR=/tmp/cache-$k
    case $k in k-*) export LEVCL_KERNEL_DIR=$PWD/.gpu/$k;; esac
    timeout 150 levcl-bench --peers none "$@" -o $o/$k-$t -vv 2> $o/$k-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$k-$t.log | sed "s/^/$k $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for k in base cl k-sleep k-fence k-both; do
  run $k div$r --variants auto --repeat 3 $hhv $mot
  run $k syn$r --variants auto --repeat 3 --lengths 3M --similarities 0.93,0.5
done; done
for k in base cl k-sleep k-fence k-both; do run $k syn10 --variants auto --repeat 1 --lengths 10M --similarities 0.5; done
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
