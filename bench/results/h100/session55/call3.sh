# Session 55 call 3: the anchored bound with its windows anchored a chunk a thread, and the first band its bound unless 1.25x the estimate's, beside the build before (a3e4613, .gpu-base), alternated twice; bitpar's GPU tests.
o=$OUT/c3; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
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
{
for r in 1 2; do for b in gpu-base gpu; do
  run $b div$r --variants auto --repeat 5 $h $hhv $cp $mot
  run $b syn$r --variants auto --repeat 3 --lengths 3M --similarities 0.93
  run $b mos$r --variants auto --repeat 3 --lengths 3M --similarities 0.9,0.93,0.95 --mosaic
done; done
for b in gpu-base gpu; do run $b mos-seeds --variants auto --repeat 2 --lengths 3M --similarities 0.93 --mosaic --seed 2; run $b mos-seeds3 --variants auto --repeat 2 --lengths 3M --similarities 0.93 --mosaic --seed 3; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "anchored bound\|bitpar: bound\|bitpar: 1 piece" $o/gpu-mos1.log $o/gpu-syn1.log $o/gpu-div1.log | sort | uniq -c | sort -rn | head -30
JOBS=4 ONLY="bitpar|test_distances" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -30
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
