# Session 49 call 11: 64-row blocks (wide=1) beside the default rule (wide=2) on the pairs whose
# bands are chain-bound and under 1 Mbp (32-row blocks by the rule): distances and alignments
# of the HIV-1 pair and HHV-6B x EBV, synthetic 100 kbp at 90%, 500 kbp at 50%, alternating
# twice; the final build (6b6f2a5's code).
o=$OUT/c11; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for w in 2 1; do
  run wide$w-align$r --align --variants auto --param bitpar.wide=$w --repeat 5 $h $hhv
  run wide$w-syn$r --variants bitpar --param bitpar.wide=$w --repeat 5 --lengths 100K,500K --similarities 0.9,0.5
done; done
cd $OUT && tar czf c11.tgz c11 && rm -rf c11
