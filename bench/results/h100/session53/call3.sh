# Session 53 call 3 (nvidia-h100-x4): batch-bitpar's first chunk after the probe at the band of the
# probe's first pass, beside its further passes (1636364, .gpu), beside session 52's last build
# (ce41df1, .gpu-base), on four GPUs (all), one (0:0) and two (0:0,0:1); the GPU tests of
# batch-bitpar first.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
nvidia-smi -L > $o/gpus.txt; nproc >> $o/gpus.txt
JOBS=4 ONLY="batch-bitpar|batch_bitpar" timeout 70 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
bench() {  # BUILD DEVICES TIMEOUT ARGS...
  ( source .gpu/env.sh; source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1
    n=$o/$1-${2//[:,]/-}
    timeout $3 levcl-bench --device $2 "${@:4}" --variants auto --peers none --repeat 3 -o $n -vv 2>&1 |
      grep -E "levcl-bench|distances of|batch-bitpar|probe|device " > $n.log
    echo "$1 $2:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
}
rows=(--batch synthetic:100000:10000:0.9 --batch synthetic:100000:10000:0.8)
sars=(--batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz")
bench gpu-base all 120 "${rows[@]}" "${sars[@]}"
bench gpu all 120 "${rows[@]}" "${sars[@]}"
bench gpu-base 0:0 90 "${rows[@]}"
bench gpu 0:0 90 "${rows[@]}" "${sars[@]}"
bench gpu 0:0,0:1 90 "${rows[@]}" "${sars[@]}"
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
