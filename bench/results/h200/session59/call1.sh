# Session 59 call 1: two workgroups a compute unit (unit-groups=2: they gather before any
# waits, each at most half a unit's registers, wide workgroups of 256) against one
# (unit-groups=1, as before), on the similar pairs, 100 Mbp and E. coli's alignment; the
# registers ptxas gives each program (-cl-nv-verbose); persistent's GPU tests.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 60 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for u in 1 2; do
  p="--param persistent.unit-groups=$u"
  LEVCL_BUILD_OPTIONS=-cl-nv-verbose run regs$u --variants persistent --repeat 1 --lengths 1M --similarities 0.99 $p
  run wide$u --variants persistent --repeat 5 --lengths 10M --similarities 0.99 $p
  run sim$u --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.999 $eco $p
  run big$u --variants persistent --repeat 3 --lengths 100M --similarities 0.999 $p
  run align$u --variants auto --repeat 3 --align $eco $p
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "did not start" $o/*.log | sort | uniq -c
zcat -f $o/regs*.log | grep -hE "Used [0-9]+ registers|maxrregcount|program wfa_persistent" | cut -c1-200 | sort | uniq -c | head -20
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 250 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
