# Session 53 call 5 (nvidia-h100-x1): the stop's final build (.gpu) beside session 52's last
# (ce41df1, .gpu-base) on one H100 host, issue 24's batch rows; the GPU tests of the batch
# engines and of several devices first.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
nvidia-smi -L > $o/gpus.txt; nproc >> $o/gpus.txt
JOBS=4 ONLY="batch|devices" timeout 80 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
bench() {  # BUILD TIMEOUT ARGS...
  ( source .gpu/env.sh; source .$1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1
    n=$o/$1
    timeout $2 levcl-bench "${@:3}" --variants auto --peers none --repeat 5 -o $n -vv 2>&1 |
      grep -E "levcl-bench|distances of|batch-bitpar|probe|device " > $n.log
    echo "$1:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
}
rows=(--batch synthetic:100000:10000:0.9 --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:1000000:150:0.95)
bench gpu-base 90 "${rows[@]}"
bench gpu 90 "${rows[@]}"
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
