# Session 48 call 2: bitpar meeting at the middle column (pieces of one column swept as one
# row), steps that speculate on the lane above's delta (parameter speculate: 0, 1, 2 the
# default: with 32-row blocks), beside the build before the session (9d3b568, .gpu-base);
# chunk and wide on the chain-bound pairs; the bitpar and alignment GPU tests; then batch
# alignments beside WFA2-lib and edlib (issue 24's peer rows).
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
c=$d/cudalign
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do
  run gpu-base div$r --variants auto,bitpar --repeat 5 $h $hhv $cp $mot
  run gpu sp0-$r --variants bitpar --param bitpar.speculate=0 --repeat 5 $h $hhv $cp $mot
  run gpu sp1-$r --variants bitpar --param bitpar.speculate=1 --repeat 5 $h $hhv $cp $mot
  run gpu div$r --variants auto,bitpar --repeat 5 $h $hhv $cp $mot
done
for p in chunk=1 chunk=2 wide=1 "wide=1 --param bitpar.chunk=1"; do run gpu "$(echo $p | tr -d ' -')" --variants bitpar --param bitpar.$p --repeat 5 $h $hhv; done
for b in gpu-base gpu; do run $b syn3 --variants auto --repeat 3 --lengths 3M --similarities 0.93; run $b syn10 --variants auto --repeat 2 --lengths 10M --similarities 0.5; done
for b in gpu-base gpu; do run $b align --align --variants auto --repeat 3 $h $hhv $cp; done
JOBS=4 ONLY="bitpar|test_alignment|test_distances" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -30
rm -rf $o/tests/cache-*
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 150 levcl-bench --align --variants auto --peers wfa2,edlib --repeat 1 --batch synthetic:10000:10000:0.9 -o $o/peers-align -vv 2> $o/peers-align.log >/dev/null
  grep -hE "levcl-bench: .*(levcl|wfa2|WFA2|edlib)" $o/peers-align.log | tail -6 )
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
