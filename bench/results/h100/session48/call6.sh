# Session 48 call 6: bitpar's kernel in runs of 8 steps (unroll=0) against whole 32-step groups
# (unroll=1, the default): the registers NVIDIA's compiler gives each (128 a work-item hold 16
# warps a compute unit, 2,112 stripes; the motivating pair has 2,468, 10 Mbp at 50% 7,080),
# then the divergent and synthetic pairs with each, alternating.
o=$OUT/c6; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
opts="-DLANES=32 -DSIGMA=8 -DCHUNK=128 -DSHUFFLE=1 -DPTX_FENCES=1"
( source .gpu/env.sh
  for u in 0 1; do for wb in 32 64; do
    .gpu/tools/regs cl/bitpar.cl "-I $PWD/cl $opts -DWORD_BITS=$wb -DUNROLL=$u" > $o/regs-unroll$u-$wb.txt 2>&1
    echo "unroll $u, $wb-row blocks: $(grep -E 'Used [0-9]+ registers, used 1' $o/regs-unroll$u-$wb.txt | head -1 | tr -s ' ')"
  done; done )
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for round in 1 2; do for u in 1 0; do
  run u$u-div$round --variants bitpar --param bitpar.unroll=$u --repeat 3 $hhv $cp $mot
  run u$u-syn$round --variants bitpar --param bitpar.unroll=$u --repeat 2 --lengths 3M --similarities 0.93,0.5
done; done
for u in 1 0; do run u$u-10M --variants bitpar --param bitpar.unroll=$u --repeat 2 --lengths 10M --similarities 0.5; done
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
