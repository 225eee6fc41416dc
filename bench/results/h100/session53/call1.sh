# Session 53 call 1 (nvidia-h100-x4): batch-bitpar's probe beside the others' first chunk, a round of
# the device's pairs at the probe's band (e260804, .gpu), and the same with the probe at a quarter of
# the length, the first chunk at an eighth (.gpu-head), beside session 52's last build (ce41df1,
# .gpu-base), on four GPUs (all), one (0:0) and two (0:0,0:1); the GPU tests of the batch engines and
# of several devices first.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
nvidia-smi -L > $o/gpus.txt; nproc >> $o/gpus.txt
JOBS=4 ONLY="batch|devices" timeout 130 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
bench() {  # BUILD DEVICES ARGS...
  ( source .gpu/env.sh; source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1
    n=$o/$1-${2//[:,]/-}
    timeout 75 levcl-bench --device $2 "${@:3}" --variants auto --peers none --repeat 3 -o $n -vv 2>&1 |
      grep -E "levcl-bench|distances of|batch-bitpar|probe" > $n.log
    echo "$1 $2:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
}
rows=(--batch synthetic:100000:10000:0.9 --batch synthetic:100000:10000:0.8 --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz")
for b in gpu-base gpu gpu-head; do bench $b all "${rows[@]}"; done
bench gpu 0:0 "${rows[@]}" --batch synthetic:1000000:150:0.95
bench gpu-head 0:0 "${rows[@]}"
bench gpu 0:0,0:1 "${rows[@]}"
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
