# Session 52 call 3 (nvidia-h100-x1): the GPU tests of the batch engines (the event times read
# after waiting for them); then one GPU: HEAD 315505a (.gpu-base), chunks of 128 MiB on one
# queue (.gpu-one), and on two queues (.gpu, the working tree).
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch|devices" timeout 150 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
for b in gpu-base gpu-one gpu; do
  ( source .gpu/env.sh; source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b
    timeout 100 levcl-bench --batch synthetic:100000:10000:0.9 --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" \
      --batch synthetic:1000000:150:0.95 --variants auto --peers none --repeat 5 -o $n -vv 2>&1 |
      grep -E "levcl-bench|distances of|batch-bitpar|probe" > $n.log
    echo "$b:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
done
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
