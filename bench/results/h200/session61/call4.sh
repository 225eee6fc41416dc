# Session 61 call 4: an instrumented build (not committed: timestamps through bitpar's launch
# and meeting, `TIMING` lines) on HHV-6B x EBV's and CP000051's alignments.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/prof/env.sh
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
levcl-bench --peers none --variants auto --align --repeat 3 -vv $hhv 2> $o/hhv.log > /dev/null
levcl-bench --peers none --variants auto --align --repeat 3 -vv $cp51 2> $o/cp51.log > /dev/null
grep TIMING $o/hhv.log | tail -30
gzip $o/*.log
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
