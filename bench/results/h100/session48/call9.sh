# Session 48 call 9: the sample's windows that nothing after them waits on (no seed placed
# them) compared on the host's threads after the others, beside the build before (3ee3d99's
# code, .gpu-head): the sample alone (2,000 times, `sample2`), then the divergent pairs end to
# end, alternating twice; the divergence and bitpar GPU tests.
o=$OUT/c9; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
for b in gpu-head gpu gpu-head gpu; do
  ( source .$b/env.sh; echo "$b sample HHV-6B x EBV: $(sample2 $hhv)"; echo "$b sample motivating: $(sample2 $mot)" ) 2>&1
done
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-head gpu; do
  run $b div$r --variants auto,bitpar --repeat 9 $h $hhv $cp
done; done
JOBS=4 ONLY="bitpar|test_distances|divergence" timeout 150 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -30
rm -rf $o/tests/cache-*
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
