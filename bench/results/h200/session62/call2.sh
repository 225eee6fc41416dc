# Session 62 call 2: the build of call 1 with an alignment's bus back at 20 bytes a byte (25
# took test_bitpar's 40 kbp pair to 44 bytes a byte), wfa-traceback's fronts up to 12 bytes a
# byte, and bitpar's reads enqueued behind its kernel (one wait a launch), beside b972730
# (.gpu/old) in the same call; the GPU tests.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
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
v="--variants auto,persistent,bitpar"
a="--variants auto --align"
{
run pla new $a --repeat 7 $pla
run pla_old old $a --repeat 7 $pla
run hhv new $a --repeat 9 $hhv
run hhv_old old $a --repeat 9 $hhv
run cp51 new $a --repeat 5 $cp51
run cp51_old old $a --repeat 5 $cp51
run mot new $a --repeat 3 $mot
run mot_old old $a --repeat 3 $mot
run hiva new $a --repeat 7 $hiv
run b90 new --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
run b90_old old --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
run hiv new $v --repeat 9 $hiv
run s10k new $v --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s100k new $v --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
run pla2 new $a --repeat 7 $pla
run hhv2 new $a --repeat 9 $hhv
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_variant_(bitpar|bitpar-vector)_breakpoint|test_variant_bitpar$|test_variant_wfa-traceback|test_bitpar|test_alignment" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
