# Session 59 call 3: the warps follow a forward run and a backward one at once, their loads
# issued together (kB, through LEVCL_KERNEL_DIR), beside the built kernel (base), alternated;
# ptxas's registers and spills for kB; persistent's GPU tests on kB.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG KERNEL_DIR ARGS...
  local t=$1 k=$2; shift 2
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$k; [ $k = base ] || export LEVCL_KERNEL_DIR=$PWD/.gpu/$k
    timeout 60 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for i in 1 2; do for k in base kB; do
  run sim-$k-$i $k --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
done; done
for k in base kB; do
  run wide-$k $k --variants auto --repeat 3 --lengths 10M --similarities 0.99
  run big-$k $k --variants auto --repeat 3 --lengths 100M --similarities 0.999
  run align-$k $k --variants auto --repeat 3 --align $eco
done
LEVCL_BUILD_OPTIONS=-cl-nv-verbose run regs kB --variants persistent --repeat 1 --lengths 10M --similarities 0.99,0.999
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "did not start" $o/*.log | sort | uniq -c
grep -hE "ptxas info    : Used|spill" $o/regs.log | sort | uniq -c | head
for f in sim-base-1 sim-kB-1 wide-base wide-kB big-base big-kB; do echo "== $f"; grep -h "piece(s)" $o/$f.log | grep -oE "[0-9]+ workgroup.s. of [0-9]+|kernel [0-9.]+ ms" | paste - - | sort | uniq -c | sort -rn | head -4; done
( export LEVCL_KERNEL_DIR=$PWD/.gpu/kB; JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 250 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
