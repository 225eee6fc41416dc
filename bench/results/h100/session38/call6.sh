# Session 38 call 6: the batches batch-bitpar's long pairs changed, beside edlib and WFA2-lib on all host threads.
source .gpu/env.sh
o=$OUT/m6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-now
levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:2000:30000:0.9 \
  --batch synthetic:200:100000:0.8 --variants auto --peers edlib,wfa2 --repeat 1 --time-limit 60 -o $o/batches-peers \
  > $o/batches-peers.log 2>&1
cd $OUT && tar czf m6.tgz m6 && rm -rf m6
