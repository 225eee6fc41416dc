# Session 48 call 5: bitpar's registers capped (parameter registers: -cl-nv-maxrregcount), so
# that more stripes stay resident (128 registers a work-item hold 16 warps a compute unit,
# 2,112 stripes on the H100; the motivating pair has 2,468, 10 Mbp at 50% 7,080): the
# compiler's spills first, then the divergent and synthetic pairs at each cap.
o=$OUT/c5; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
opts="-DLANES=32 -DSIGMA=8 -DCHUNK=128 -DSHUFFLE=1 -DPTX_FENCES=1 -DUNROLL=1"
( source .gpu/env.sh
  for r in 64 80 96; do for wb in 32 64; do
    .gpu/tools/regs cl/bitpar.cl "-I $PWD/cl $opts -DWORD_BITS=$wb -cl-nv-maxrregcount=$r" > $o/regs-$r-$wb.txt 2>&1
    echo "$r $wb: $(grep -E 'Used|spill' $o/regs-$r-$wb.txt | head -2 | tr -s ' ' | tr '\n' ' ')"
  done; done )
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for round in 1 2; do for r in 0 64 80 96; do
  run r$r-div$round --variants bitpar --param bitpar.registers=$r --repeat 3 $hhv $cp $mot
  run r$r-syn$round --variants bitpar --param bitpar.registers=$r --repeat 2 --lengths 3M --similarities 0.93,0.5
done; done
for r in 0 64 80; do run r$r-10M --variants bitpar --param bitpar.registers=$r --repeat 2 --lengths 10M --similarities 0.5; done
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
