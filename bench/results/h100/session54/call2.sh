# Session 54 call 2 (nvidia-h100-x4): whole sweeps' kernels without the tiles' inputs again (TILES,
# 511c22e: .gpu) beside 4a33afc (.gpu-base) on one and two GPUs; one long pair over three and four
# GPUs with 2, 4 and 8 tiles a block, and with own=1 (the kernel of slots of their own, fewer registers,
# every block's stripes resident at once); the kernels' registers as NVIDIA's compiler reports them.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
JOBS=4 ONLY="devices|test_variant_bitpar$|test_bitpar" timeout 150 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
bench() {  # BUILD DEVICES TIMEOUT ARGS...
  ( source .gpu/env.sh; source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1
    n=$o/$1-${2//[:,]/-}$TAG
    timeout $3 levcl-bench --device $2 "${@:4}" --variants bitpar --peers none --repeat 3 -o $n -vv 2>&1 |
      grep -E "levcl-bench|bitpar over|over 0|block of|distance|registers|spill|build log|bitpar:" | grep -v "piece(s)" > $n.log
    echo "$1 $2 $TAG:"; grep -h '^| [sB]' $n.md | cut -d'|' -f2,5,7,10,12 )
}
pairs=($d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz --lengths 10M --similarities 0.5)
export LEVCL_BUILD_OPTIONS=-cl-nv-verbose
bench gpu 0:0 60 "${pairs[@]}"
bench gpu all 50 "${pairs[@]}"
unset LEVCL_BUILD_OPTIONS
grep -h -B2 -A3 "registers" $o/*.log | grep -E "registers|spill|Compiling|Function properties for|build log" | sort | uniq -c | head -40
bench gpu-base 0:0 60 "${pairs[@]}"
bench gpu-base 0:0,0:1 50 "${pairs[@]}"
bench gpu 0:0,0:1 50 "${pairs[@]}"
bench gpu 0:0,0:1,0:2 50 "${pairs[@]}"
TAG=-t2 bench gpu all 50 "${pairs[@]}" --param tiles=2
TAG=-t8 bench gpu all 50 "${pairs[@]}" --param tiles=8
TAG=-own bench gpu all 50 "${pairs[@]}" --param own=1
TAG=-own-t2 bench gpu all 50 "${pairs[@]}" --param own=1 --param tiles=2
grep -h "block of" $o/gpu-all.log | tail -8
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
