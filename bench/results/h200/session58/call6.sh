# Session 58 call 6: the final kernel (a run's first 8 bytes alone, one word a string;
# 4 KB past a run's end asked of L2 where the strings outgrow it): the similar pairs, 100
# Mbp and E. coli's alignment once; persistent's GPU tests.
o=$OUT/c6; mkdir -p $o; d=.gpu/data
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
run sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.99,0.999 $eco
run big --variants auto --repeat 3 --lengths 100M --similarities 0.999
run align --variants auto --repeat 3 --align $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 250 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
