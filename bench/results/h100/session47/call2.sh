# Session 47 call 2: batch alignments with the breakpoints' vectors kept, CIGAR text written
# straight from the runs and the traceback's table pinned, beside the build before the session
# (6bd142d, .gpu-base), alternating; the GPU tests of alignment.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
c=$d/cudalign
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 120 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-base gpu; do run $b a10k-$r --repeat 3 --batch synthetic:10000:10000:0.9; done; done
for r in 1 2; do for b in gpu-base gpu; do run $b a100k-$r --repeat 1 --batch synthetic:100000:10000:0.9; done; done
for f in $o/gpu-a10k-2.log $o/gpu-a100k-2.log; do echo "== $f"; grep -E "align: (level|a chunk|.*assembled)|traceback:|in all" $f | tail -20; done
JOBS=4 ONLY="test_alignment|wfa-traceback|test_cli_batch|test_c_api|persistent_breakpoint|bitpar_breakpoint" timeout 240 bash tests/gpu_suite.sh $o/tests
rm -rf $o/tests/cache-*
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
