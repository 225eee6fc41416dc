# Session 47 call 3: the session's final build (levels' and persistent's passes over their
# pieces on the host's threads, CIGAR text through a pointer) beside the build before the
# session (6bd142d, .gpu-base), alternating: batch alignments and distances, single-pair
# alignments and distances of the real pairs; the GPU tests the session touched.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
c=$d/cudalign
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-base gpu; do run $b a10k-$r --repeat 3 --batch synthetic:10000:10000:0.9 --batch synthetic:10000:10000:0.99; done; done
for b in gpu-base gpu; do run $b a100k --repeat 1 --batch synthetic:100000:10000:0.9; done
for b in gpu-base gpu; do run $b pairs --repeat 3 $d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz; done
for f in $o/gpu-a10k-2.log $o/gpu-a100k.log; do echo "== $f"; grep -E "align: (level|a chunk|.*assembled|.*runs of)|traceback:|in all" $f | tail -12; done
JOBS=4 ONLY="test_alignment|wfa-traceback|test_cli_batch|test_c_api|persistent|bitpar_breakpoint|test_distances" timeout 270 bash tests/gpu_suite.sh $o/tests
rm -rf $o/tests/cache-*
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
