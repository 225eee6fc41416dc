# Session 49 call 10: bitpar's block width where a band's chain bounds it: 32-row blocks
# (wide=0) and 64-row ones (wide=1) beside the default rule (wide=2: 64 rows where 32-row
# stripes would outnumber 1,024), alternating twice; the final build (6b6f2a5's code).
o=$OUT/c10; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for w in 2 0 1; do
  run wide$w-div$r --variants bitpar --param bitpar.wide=$w --repeat 3 $hhv $cp
  run wide$w-syn$r --variants bitpar --param bitpar.wide=$w --repeat 3 --lengths 3M --similarities 0.93,0.97
  run wide$w-mos$r --variants bitpar --param bitpar.wide=$w --repeat 3 --lengths 3M --similarities 0.93 --mosaic
done; done
grep -h "bitpar: 1 piece" $o/wide*-*1.log | sed "s/; ms.*//" | sort | uniq -c
cd $OUT && tar czf c10.tgz c10 && rm -rf c10
