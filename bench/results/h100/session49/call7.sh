# Session 49 call 7: own slots below 4 stripes at work at once a compute unit (call 6's 12 ran
# 3 Mbp at 50%, the motivating pair and batch-bitpar's long pieces on them), the final kernel
# and rule, beside the build before (1c42777, .gpu-base), alternating twice: divergent,
# synthetic and mosaic pairs, 10 Mbp at 50%, alignments, a batch of long pairs.
o=$OUT/c7; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
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
for b in gpu-base gpu; do run $b batch --variants auto --repeat 3 --batch synthetic:200:100000:0.8; done
for b in gpu-base gpu; do run $b align-mot --align --variants auto --repeat 2 $mot; done

grep -h "bitpar: [0-9]* piece" $o/gpu-div1.log $o/gpu-syn1.log $o/gpu-mos1.log $o/gpu-batch.log | sed "s/: plan.*//" | sort | uniq -c
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
