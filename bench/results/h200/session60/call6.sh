# Session 60 call 6: the final build (kept buffers for strings up to 16 MiB only): the
# 1 Mbp pair, E. coli and 10 Mbp at 99.9% (kept), 100 Mbp (fresh buffers, as before this
# session); the distances' and bases' GPU tests.
o=$OUT/c6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
run sim --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run one --variants auto --repeat 9 --lengths 1M --similarities 0.999
run big --variants auto --repeat 3 --lengths 100M --similarities 0.999
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in sim one; do echo "$f: $(grep 'distance 887 of' $o/$f.log | grep -oE 'in [0-9.]+ s' | awk '{printf "%.3f ", $2*1000}')"; done
( JOBS=2 ONLY="test_distances|test_bases" timeout 120 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -5
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
