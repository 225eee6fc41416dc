# Session 59 call 5: the final build (two workgroups a unit where the front is wider than a
# wide block a unit, the kernel as after call 1): issue 26's pairs through auto, as the issue
# measures them, and 10 Mbp at 99% at one a unit beside; persistent's GPU tests.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
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
run sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run wide --variants auto --repeat 3 --lengths 10M --similarities 0.99
run wide1 --variants auto --repeat 3 --lengths 10M --similarities 0.99 --param persistent.unit-groups=1
run big --variants auto --repeat 3 --lengths 100M --similarities 0.999
run align --variants auto --repeat 3 --align $eco
run sim2 --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "did not start" $o/*.log | sort | uniq -c
for f in sim wide wide1 big; do echo "== $f"; grep -h "piece(s)" $o/$f.log | grep -oE "[0-9]+ workgroup.s. of [0-9]+|kernel [0-9.]+ ms" | paste - - | sort | uniq -c | sort -rn | head -4; done
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 250 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
