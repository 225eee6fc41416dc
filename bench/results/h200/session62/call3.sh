# Session 62 call 3: pieces meet on the device (bitpar.cl's bitpar_meet, behind their sweeps:
# meetings read back, not edges), beside b972730 (.gpu/old), twice each in turn; the GPU tests.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
a="--variants auto --align"
{
for k in 1 2; do
run pla$k new $a --repeat 7 $pla
run pla${k}_old old $a --repeat 7 $pla
run hhv$k new $a --repeat 9 $hhv
run hhv${k}_old old $a --repeat 9 $hhv
run cp51$k new $a --repeat 5 $cp51
run cp51${k}_old old $a --repeat 5 $cp51
done
run mot new $a --repeat 3 $mot
run mot_old old $a --repeat 3 $mot
run hiva new $a --repeat 7 $hiv
run b90 new --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
run b80bp new --variants bitpar --align --repeat 3 --batch synthetic:1000:10000:0.8
run b80bp_old old --variants bitpar --align --repeat 3 --batch synthetic:1000:10000:0.8
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_variant_(bitpar|bitpar-vector)_breakpoint|test_variant_bitpar$|test_variant_wfa-traceback|test_bitpar|test_alignment" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
