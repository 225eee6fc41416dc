# Session 55 call 5: the anchored bound only where it pays (uneven windows, or short pairs; 4c7c76f) beside
# the build before the session (a3e4613, .gpu-base), auto alternated twice; every engine on the mosaic pair at
# 80%; the GPU tests of bitpar, distances and contexts.
o=$OUT/c5; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 200 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
all="--variants bitpar,persistent,pwg,auto --repeat 3 --row-budget 6 --time-limit 20"
{
run gpu engines-mos80 $all --lengths 3M --similarities 0.8 --mosaic
for r in 1 2; do for b in gpu-base gpu; do
  run $b auto$r --variants auto --repeat 3 --lengths 100K,1M,3M --similarities 0.9,0.93,0.97 
  run $b mos$r --variants auto --repeat 3 --lengths 3M --similarities 0.9,0.93,0.95 --mosaic
  run $b sim$r --variants auto --repeat 3 --lengths 1M,10M --similarities 0.99,0.999
  run $b div$r --variants auto --repeat 3 $h $hhv $cp $mot $eco
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
JOBS=4 ONLY="bitpar|test_distances|test_context" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -30
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
