# Session 62 call 5: the final build (pieces meet on the device from bitpar's `meet` rows of a
# launch, 2^17: a short pair's distance meets on the host) beside b972730 (.gpu/old): the
# short rows' distances and the alignments once more; the GPU tests (test_bitpar's pieces met
# on the device and on the host).
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
a="--variants auto --align"
v="--variants auto,persistent,bitpar"
{
run hiv new $v --repeat 9 $hiv
run hiv_old old $v --repeat 9 $hiv
run s10k new $v --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s10k_old old $v --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s100k new $v --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
run s100k_old old $v --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
run hhv new $a --repeat 9 $hhv
run hhv_old old $a --repeat 9 $hhv
run pla new $a --repeat 7 $pla
run pla_old old $a --repeat 7 $pla
run cp51 new $a --repeat 5 $cp51
run hiva new $a --repeat 7 $hiv
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_variant_(bitpar|bitpar-vector|batch-bitpar)|test_bitpar|test_batch_bitpar|test_alignment" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
