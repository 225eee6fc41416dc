# Session 46 call 3: the strings now copied while the sample and auto's choice run (5b93d9a),
# beside the build before the session (a6b0c89, .gpu-base), alternating twice; test_context's
# progress case from both builds; persistent's launches on a pair like that case's largest;
# the GPU tests of what the session touched.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
c=$d/cudalign
div="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # BUILD ROUND
  ( source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1; p=$o/$1-$2
    timeout 120 levcl-bench --variants auto,persistent --peers none --repeat 5 --lengths 1M,10M,100M --similarities 0.999 -o $p-999
    timeout 120 levcl-bench --variants auto,persistent --peers none --repeat 5 $e $h -o $p-pairs
    timeout 120 levcl-bench --variants auto --peers none --repeat 5 $div -o $p-div
  ) > $o/$1-$2.log 2>&1
}
for r in 1 2; do run gpu-base $r; run gpu $r; done
for f in $o/*-[12].log; do echo "== $f"; grep -E "levcl-bench: .*: levcl" $f | sed 's/levcl-bench: //; s/(median of .)//; s/GCUPS.*//'; done
for b in gpu-base gpu; do ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
  timeout 100 test_context --test-case='progress*' > $o/progress-$b.txt 2>&1; echo "$b progress: $?"; grep -E "persistent.*scale|ERROR" $o/progress-$b.txt | tail -4 ); done
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 100 levcl-bench --variants persistent --peers none --repeat 2 --lengths 9600000 --similarities 0.975 -vv 2>&1 | grep -E "persistent: (estimate|no meeting|1 piece)|levcl-bench: .*levcl" > $o/vv-progress.txt; cat $o/vv-progress.txt )
JOBS=4 ONLY="persistent|test_distances|test_context|test_c_api|test_alignment$|antidiagonal|tile-private|pwg|test_devices" timeout 250 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -30
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
