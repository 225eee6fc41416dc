# Session 48 call 4 (nvidia-h100-x2): the registers NVIDIA's compiler gives bitpar's kernel,
# this build's source beside the build before's (9d3b568, .gpu/cl-base), for 32- and 64-row
# blocks; one long pair over the host's two GPUs beside one, both builds.
o=$OUT/c4; mkdir -p $o; d=.gpu/data; c=$d/cudalign
opts="-DLANES=32 -DSIGMA=8 -DCHUNK=128 -DSHUFFLE=1 -DPTX_FENCES=1 -DUNROLL=1"
( source .gpu/env.sh
  for wb in 32 64; do
    .gpu/tools/regs cl/bitpar.cl "-I $PWD/cl $opts -DWORD_BITS=$wb" > $o/regs-new-$wb.txt 2>&1
    .gpu/tools/regs .gpu/cl-base/bitpar.cl "-I $PWD/.gpu/cl-base $opts -DWORD_BITS=$wb" > $o/regs-base-$wb.txt 2>&1
  done )
grep -HiE "^rc|registers|spill|Function properties for bitpar$" $o/regs-*.txt | grep -iE "rc|bitpar|registers" | head -40
unset LEVCL_DEVICE
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for b in gpu-base gpu; do for dev in 0:0 all; do
  run $b "10M-${dev/:/-}" --device $dev --lengths 10M --similarities 0.5 --variants auto --repeat 2
  run $b "mot-${dev/:/-}" --device $dev --variants auto --repeat 3 $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz
done; done
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
