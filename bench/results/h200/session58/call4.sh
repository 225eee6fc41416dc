# Session 58 call 4: persistent's alone phase and prefetch, kernel sources through
# LEVCL_KERNEL_DIR beside the built ones (base): k8 a run's first 8 bytes alone (one word a
# string) where 16, kP 4 KB past a run's end asked of L2, k8P both; kT base with clock64
# phase totals printed by a few workgroups (a profile, not kept).
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # KERNELS TAG ARGS...
  local k=$1 t=$2; shift 2
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$k
    [ $k != base ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/$k
    timeout 60 levcl-bench --peers none "$@" -o $o/$k-$t -vv 2> $o/$k-$t.log > $o/$k-$t.out; echo "rc $?" >> $o/$k-$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$k-$t.log | sed "s/^/$k $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for rep in 1 2; do
for k in base k8 kP k8P; do
  run $k wide$rep --variants auto --repeat 3 --lengths 10M --similarities 0.99
  run $k big$rep --variants auto --repeat 3 --lengths 100M --similarities 0.999
  [ $rep = 1 ] && run $k sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
done; done
run kT wide --variants persistent --repeat 1 --lengths 10M --similarities 0.99
run kT big --variants persistent --repeat 1 --lengths 100M --similarities 0.999
run kT sim --variants persistent --repeat 1 --lengths 1M --similarities 0.999 $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
for t in wide big sim; do echo "== kT $t"; grep -h "^T g=" $o/kT-$t.out | tail -12; done
gzip $o/*.log $o/*.out
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
