# Session 46 call 7: the final build (03db43c) beside the build before the session (a6b0c89,
# .gpu-base): alignments of 10^4 and 10^5 pairs of 10 kbp (the level tables kept), alternating;
# the final build's single-pair rows; the GPU tests of what the session touched.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
c=$d/cudalign
align() {  # BUILD ROUND
  ( source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1
    timeout 100 levcl-bench --batch synthetic:10000:10000:0.9 --align --variants auto --peers none --repeat 3 -o $o/$1-$2-a10k -vv 2> $o/$1-$2-a10k.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$1-$2-a10k.log | sed "s/^/$1 $2: /" )
}
for r in 1 2; do align gpu-base $r; align gpu $r; done
for b in gpu-base gpu; do ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
  timeout 100 levcl-bench --batch synthetic:100000:10000:0.9 --align --variants auto --peers none --repeat 1 -o $o/$b-a100k 2>&1 | grep -E "levcl-bench: .*: levcl" | sed "s/^/$b: /" ); done
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 100 levcl-bench --variants auto,persistent --peers none --repeat 5 --lengths 1M,10M --similarities 0.999 $e $h $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz -o $o/final-pairs 2>&1 | grep -E "levcl-bench: .*: levcl" )
JOBS=4 ONLY="persistent|test_distances|test_context|test_alignment|test_cli_batch|wfa-traceback|test_c_api" timeout 240 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
