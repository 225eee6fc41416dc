# Session 60 call 5: the final build (states and results by the device, the long strings'
# buffers kept from call to call): issue 26's pairs through auto as the issue measures them;
# persistent's, the alignment's, the distances' and the bases' GPU tests.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
one="--lengths 1M --similarities 0.999"
{
run sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run one1 --variants auto --repeat 9 $one
run wide --variants auto --repeat 3 --lengths 10M --similarities 0.99
run big --variants auto --repeat 3 --lengths 100M --similarities 0.999
run align --variants auto --repeat 3 --align $eco
run one2 --variants auto --repeat 9 $one
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in sim one1 one2; do echo "$f: $(grep 'distance 887 of' $o/$f.log | grep -oE 'in [0-9.]+ s' | awk '{printf "%.3f ", $2*1000}')"; done
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment|test_distances|test_bases" timeout 280 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
