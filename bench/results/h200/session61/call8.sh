# Session 61 call 8: the final build (8d8d6c8: a level's meetings 32 rows a step in AVX2, on one thread below 2^19 rows)
# beside c02fb93 (.gpu/old) in the same call: the divergent pairs' alignments (bitpar's
# breakpoints), a batch's through bitpar, bitpar's and the alignment's GPU tests.
o=$OUT/c8; mkdir -p $o; d=.gpu/data
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
run hhv new $a --repeat 7 $hhv
run hhv_old old $a --repeat 7 $hhv
run cp51 new $a --repeat 5 $cp51
run cp51_old old $a --repeat 5 $cp51
run pla new $a --repeat 5 $pla
run pla_old old $a --repeat 5 $pla
run hhv2 new $a --repeat 7 $hhv
run hhv2_old old $a --repeat 7 $hhv
run mot new $a --repeat 3 $mot
run mot_old old $a --repeat 3 $mot
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run eco new $a --repeat 3 $eco
run eco_old old $a --repeat 3 $eco
run hiv new --variants auto,bitpar --align --repeat 7 $hiv
run b90 new --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
run b90_old old --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_variant_(bitpar|bitpar-vector)_breakpoint|test_variant_wfa-traceback|test_bitpar|test_alignment" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
