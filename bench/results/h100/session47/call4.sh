# Session 47 call 4: the final build (persistent's pieces on their whole share of workgroups
# where their columns fit local memory) beside the build before the session (6bd142d,
# .gpu-base): single-pair alignments (levels of few pieces), 10^4 batch alignments; the GPU
# tests of persistent's several-workgroup launches and of alignment.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
c=$d/cudalign
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-base gpu; do run $b pairs-$r --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz $d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz --lengths 1M --similarities 0.99,0.999; done; done
run gpu a10k --repeat 3 --batch synthetic:10000:10000:0.9 --batch synthetic:10000:10000:0.99
awk 'index($0,"MG1655 vs DH1.oriented: levcl auto"){f=1} f' $o/gpu-pairs-2.log | grep -E "align: level|persistent: [0-9]+ piece" | head -12 | cut -c1-200
JOBS=4 ONLY="test_alignment|persistent|test_c_api" timeout 270 bash tests/gpu_suite.sh $o/tests
rm -rf $o/tests/cache-*
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
