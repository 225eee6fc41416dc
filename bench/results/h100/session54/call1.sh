# Session 54 call 1 (nvidia-h100-x4): one long pair over three and four GPUs, each sweep's rows in
# blocks whose bottom rows go to the block below tile by tile (6a0c63f, .gpu), beside one GPU and
# the two-GPU split (the sweeps on a device each), and session 53's last build (4a33afc, .gpu-base)
# on one and two GPUs; the GPU tests of several devices and of bitpar first.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
nvidia-smi -L > $o/gpus.txt; nproc >> $o/gpus.txt
JOBS=4 ONLY="devices|bitpar" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
bench() {  # BUILD DEVICES TIMEOUT ARGS...
  ( source .gpu/env.sh; source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1
    n=$o/$1-${2//[:,]/-}$TAG
    timeout $3 levcl-bench --device $2 "${@:4}" --variants bitpar --peers none --repeat 3 -o $n -vv 2>&1 |
      grep -E "levcl-bench|bitpar over|over 0|strings and|distance" > $n.log
    echo "$1 $2 $TAG:"; grep -h '^| [sB]' $n.md | cut -d'|' -f2,5,7,10,12 )
}
pairs=($d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz --lengths 10M --similarities 0.5)
bench gpu-base 0:0 60 "${pairs[@]}"
bench gpu 0:0 60 "${pairs[@]}"
bench gpu-base 0:0,0:1 50 "${pairs[@]}"
bench gpu 0:0,0:1 50 "${pairs[@]}"
bench gpu 0:0,0:1,0:2 50 "${pairs[@]}"
bench gpu all 50 "${pairs[@]}"
TAG=-t2 bench gpu all 50 "${pairs[@]}" --param tiles=2
TAG=-t8 bench gpu all 50 "${pairs[@]}" --param tiles=8
TAG=-t16 bench gpu all 50 "${pairs[@]}" --param tiles=16
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
