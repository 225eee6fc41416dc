# Session 52 call 2 (nvidia-h100-x4): batch-bitpar's two queues and chunks of 128 MiB (the
# working tree) beside HEAD 315505a (.gpu-base), on one GPU (0:0), two (0:0,0:1) and four
# (all); the GPU tests of the batch engines and of several devices first.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
nvidia-smi -L > $o/gpus.txt; nproc >> $o/gpus.txt
JOBS=4 ONLY="batch|devices" timeout 150 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
for dev in 0:0 0:0,0:1 all; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-${dev//[:,]/-}
    timeout 90 levcl-bench --device $dev --batch synthetic:100000:10000:0.9 --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" \
      --batch synthetic:1000000:150:0.95 --variants auto --peers none --repeat 3 -o $n -vv 2>&1 |
      grep -E "levcl-bench|distances of|batch-bitpar|probe" > $n.log
    echo "$b $dev:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
done; done
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
