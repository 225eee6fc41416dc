# Session 62 call 1: this session's build (auto's models bound once per entry, a short pair's
# anchored bound beside its sample, bitpar's launch tables kept, an alignment's bus 25 bytes a
# byte) beside b972730 (.gpu/old) in the same call; bitpar's chunk on narrow chains; GPU tests.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
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
run hiv new $v --repeat 9 $hiv
run hiv_old old $v --repeat 9 $hiv
run s10k new $v --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s10k_old old $v --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s100k new $v --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
run s100k_old old $v --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
run pla new $a --repeat 5 $pla
run pla_old old $a --repeat 5 $pla
run hhv new $a --repeat 7 $hhv
run hhv_old old $a --repeat 7 $hhv
run cp51 new $a --repeat 5 $cp51
run cp51_old old $a --repeat 5 $cp51
run mot new $a --repeat 3 $mot
run hiva new $a --repeat 7 $hiv
run hiva_old old $a --repeat 7 $hiv
for c in 1 2 8; do run s3m_c$c new --variants bitpar --param bitpar.chunk=$c --repeat 3 --lengths 3M --similarities 0.93; done
run s3m_c4 new --variants bitpar --repeat 3 --lengths 3M --similarities 0.93
for c in 1 2; do run hhvd_c$c new --variants bitpar --param bitpar.chunk=$c --repeat 7 $hhv; done
run hhvd_c4 new --variants bitpar --repeat 7 $hhv
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_variant_(bitpar|bitpar-vector)_breakpoint|test_variant_bitpar$|test_variant_auto|test_bitpar|test_alignment" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
