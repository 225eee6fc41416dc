# Session 58 call 5: the candidate (.gpu: a run's first 8 bytes alone, prefetch where the
# strings outgrow L2, two chunks a loop iteration) beside kN (the same without pairing) and
# k0 (the kernel before the session), through LEVCL_KERNEL_DIR; E. coli's alignment;
# persistent's GPU tests on the candidate.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # KERNELS TAG ARGS...
  local k=$1 t=$2; shift 2
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$k
    [ $k != new ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/$k
    timeout 60 levcl-bench --peers none "$@" -o $o/$k-$t -vv 2> $o/$k-$t.log >/dev/null; echo "rc $?" >> $o/$k-$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$k-$t.log | sed "s/^/$k $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for rep in 1 2; do
for k in new kN k0; do
  run $k wide$rep --variants auto --repeat 3 --lengths 10M --similarities 0.99
  run $k big$rep --variants auto --repeat 3 --lengths 100M --similarities 0.999
  run $k sim$rep --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
done; done
run new align --variants auto --repeat 3 --align $eco
run kN align --variants auto --repeat 3 --align $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "persistent: 1 piece" $o/new-wide1.log $o/new-big1.log | cut -c1-260 | sort | uniq -c
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 260 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
