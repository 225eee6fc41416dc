# Session 58 call 3: a workgroup steps its chunks side by side (side, default 4: WG = chunk
# block x side; .gpu) beside the build before (.gpu-base), side=1 on the new build, and kP
# (the new kernel with 4 KB past a run's end asked of L2, through LEVCL_KERNEL_DIR);
# E. coli's alignment; persistent's GPU tests.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # BUILD TAG ARGS... (BUILD kP: .gpu with the kernels of .gpu/kP)
  local b=$1 t=$2; shift 2
  local name=$b env=$b; [ $b = kP ] && env=gpu
  ( source .$env/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$name
    [ $b = kP ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/kP
    timeout 60 levcl-bench --peers none "$@" -o $o/$name-$t -vv 2> $o/$name-$t.log >/dev/null; echo "rc $?" >> $o/$name-$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$name-$t.log | sed "s/^/$name $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for rep in 1 2; do
for b in gpu-base gpu kP; do
  run $b wide$rep --variants auto --repeat 3 --lengths 10M --similarities 0.99
  run $b big$rep --variants auto --repeat 3 --lengths 100M --similarities 0.999
  [ $rep = 1 ] && run $b sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
done
run gpu side1-wide$rep --variants persistent --repeat 3 --lengths 10M --similarities 0.99 --param persistent.side=1
done
run gpu side2-big --variants persistent --repeat 3 --lengths 100M --similarities 0.999 --param persistent.side=2
run gpu align --variants auto --repeat 3 --align $eco
run kP align --variants auto --repeat 3 --align $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "persistent: 1 piece" $o/gpu-wide1.log $o/gpu-big1.log | cut -c1-250 | sort | uniq -c
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 260 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
