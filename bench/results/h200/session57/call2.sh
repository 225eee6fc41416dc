# Session 57 call 2: call 1 with the chunks found by 32-bit divisions only where there are several, and
# LOCAL_COLUMNS the chunks needed (.gpu), beside the build before (072abaf, .gpu-base),
# alternated twice; halo, chunks of 256 and spread 1 (the old layout) on the new build; the GPU tests of persistent.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 200 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for r in 1 2; do for b in gpu-base gpu; do
  run $b wide$r --variants auto --repeat 3 --lengths 10M --similarities 0.99
  run $b sim$r --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
done; done
for b in gpu-base gpu; do run $b big --variants auto --repeat 3 --lengths 100M --similarities 0.999; done
run gpu align --variants auto --repeat 3 --align $eco
for p in halo=64 halo=128 "global-wg=256 spread=8" "spread=1"; do ps=(); for q in $p; do ps+=(--param persistent.$q); done; run gpu "${p// /_}" --variants persistent --repeat 3 --lengths 10M --similarities 0.99 "${ps[@]}"; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "persistent: 1 piece\|first bound\|again under" $o/gpu-wide1.log $o/gpu-big.log | head -8
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_distances|test_alignment" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
