# Session 57 call 7: the final kernel (the exchange's loops: none with one chunk, over
# `chunks` with several; .gpu) beside the build before (072abaf, .gpu-base): the similar
# pairs once each, 100 Mbp and E. coli's alignment; persistent's quicker GPU tests.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
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
for b in gpu gpu-base; do
  run $b sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.99,0.999 $eco
  run $b big --variants auto --repeat 3 --lengths 100M --similarities 0.999
done
run gpu align --variants auto --repeat 3 --align $eco
run gpu sim-again --variants auto --repeat 5 --lengths 1M,10M --similarities 0.99,0.999 $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_variant_persistent|test_alignment" timeout 100 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
