# Session 47 call 1: batch alignments' host side (CIGAR text in place and replayed inline,
# the chunk's strings joined in pinned memory, the traceback's runs read into pinned memory)
# beside the build before the session (6bd142d, .gpu-base), alternating; single-pair
# alignments of the divergent pairs; the GPU tests the session touched.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
c=$d/cudalign
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 120 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /" )
}
for r in 1 2; do for b in gpu-base gpu; do run $b a10k-$r --repeat 3 --batch synthetic:10000:10000:0.9; done; done
for b in gpu-base gpu; do run $b a100k --repeat 1 --batch synthetic:100000:10000:0.9; done
for b in gpu-base gpu; do run $b pairs --repeat 3 $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz; done
for f in $o/gpu-a10k-2.log $o/gpu-pairs.log; do echo "== $f"; grep -E "align: (level|a chunk|.*assembled)|traceback:|in all" $f | tail -30; done
JOBS=4 ONLY="test_alignment|wfa-traceback|test_cli_batch|test_c_api|persistent|test_distances" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
