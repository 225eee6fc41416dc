# Session 61 call 2: bitpar's launch buffers kept by the device from call to call (and its
# edges' counts by popcount), beside the session's start build (.gpu/old) in the same call:
# the divergent pairs' distances and alignments (bitpar's breakpoints), bitpar's GPU tests.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
a="--variants auto --align"
{
run hhv new $a --repeat 5 $hhv
run hhv_old old $a --repeat 5 $hhv
run hiv new --variants auto,bitpar --align --repeat 7 $hiv
run hiv_old old --variants auto,bitpar --align --repeat 7 $hiv
run cp51 new $a --repeat 3 $cp51
run cp51_old old $a --repeat 3 $cp51
run hhv2 new $a --repeat 5 $hhv
run hhv2_old old $a --repeat 5 $hhv
run mot new $a --repeat 3 $mot
run mot_old old $a --repeat 3 $mot
run s3m new --variants auto --repeat 3 --lengths 3M --similarities 0.93
run s3m_old old --variants auto --repeat 3 --lengths 3M --similarities 0.93
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_variant_(bitpar|batch-bitpar)|test_bitpar|test_batch_bitpar|test_alignment$" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
