# Session 49 call 5: the parameter own (2: slots of their own where the band keeps fewer than
# 16 stripes a compute unit at work at once, else the rings' kernel as before), beside the
# build before (1c42777, .gpu-base), alternating twice: divergent, synthetic and mosaic pairs,
# 10 Mbp at 50%, alignments (the motivating pair's too); the registers of both kernels; the
# bitpar, alignment and distance GPU tests.
o=$OUT/c5; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
opts="-DLANES=32 -DSIGMA=8 -DCHUNK=128 -DSHUFFLE=1 -DPTX_FENCES=1 -DUNROLL=1"
( source .gpu/env.sh
  for wb in 32 64; do for own in 0 1; do
    .gpu/tools/regs cl/bitpar.cl "-I $PWD/cl $opts -DWORD_BITS=$wb -DOWN_SLOTS=$own" > $o/regs-$wb-$own.txt 2>&1
    echo "$wb-row blocks, OWN_SLOTS=$own: $(grep -E 'Used [0-9]+ registers, used 1|spill' $o/regs-$wb-$own.txt | head -2 | tr -s ' ' | tr '\n' ' ')"
  done; done )
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-base gpu; do
  run $b div$r --variants auto --repeat 5 $h $hhv $cp $mot
  run $b syn$r --variants auto --repeat 3 --lengths 3M --similarities 0.93,0.5
  run $b mos$r --variants auto --repeat 3 --lengths 3M --similarities 0.93 --mosaic
done; done
for b in gpu-base gpu; do run $b syn10 --variants auto --repeat 2 --lengths 10M --similarities 0.5; done
for b in gpu-base gpu; do run $b align --align --variants auto --repeat 3 $h $hhv $cp; done
for b in gpu-base gpu; do run $b align-mot --align --variants auto --repeat 2 $mot; done

JOBS=4 ONLY="bitpar|test_alignment|test_distances" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -30
rm -rf $o/tests/cache-*
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
