# Session 60 call 3: the final build (states and results by the device, the strings packed
# at once, the long strings' buffers kept, the distance read every step) beside the same
# build with the kernel before the distance was read every step (.gpu/k0 through
# LEVCL_KERNEL_DIR); issue 25's small divergent pairs as they stand; persistent's GPU tests.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG KERNEL ARGS...: KERNEL "k0" runs the kernel sources before
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = k0 ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/k0; export LEVCL_CACHE_DIR=/tmp/cache-$e
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
one="--lengths 1M --similarities 0.999"
{
run sim new --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run sim_k0 k0 --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run sim2 new --variants auto --repeat 9 $one
run sim2_k0 k0 --variants auto --repeat 9 $one
run wide new --variants auto --repeat 3 --lengths 10M --similarities 0.99
run wide_k0 k0 --variants auto --repeat 3 --lengths 10M --similarities 0.99
run big new --variants auto --repeat 3 --lengths 100M --similarities 0.999
run align new --variants auto --repeat 3 --align $eco
run sim3 new --variants auto --repeat 9 $one
run div new --variants auto --repeat 5 $hhv $hiv
run divalign new --variants auto --repeat 3 --align $hiv
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment|test_distances" timeout 280 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
