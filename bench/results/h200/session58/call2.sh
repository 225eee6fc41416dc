# Session 58 call 2: persistent's warp rounds, kernel sources through LEVCL_KERNEL_DIR beside
# the built ones (base): kL the rewritten share compare (as base), kP4/kP8 the lines 4/8 KB
# past a run's end asked of L2 (prefetch.global.L2), kW 64 bytes a lane a round, kWP both.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # KERNELS TAG ARGS...
  local k=$1 t=$2; shift 2
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$k
    [ $k != base ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/$k
    timeout 60 levcl-bench --peers none "$@" -o $o/$k-$t -vv 2> $o/$k-$t.log >/dev/null; echo "rc $?" >> $o/$k-$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$k-$t.log | sed "s/^/$k $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for rep in 1 2; do
for k in base kL kP4 kP8 kW kWP; do
  run $k wide$rep --variants auto --repeat 3 --lengths 10M --similarities 0.99
  run $k big$rep --variants auto --repeat 3 --lengths 100M --similarities 0.999
  [ $rep = 1 ] && run $k sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "distance\|persistent: 1 piece" $o/*-big1.log | cut -c1-200 | sort | uniq -c | head
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
