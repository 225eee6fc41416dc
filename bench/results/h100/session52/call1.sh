# Session 52 call 1 (nvidia-h100-x2, HEAD 315505a): one GPU (0:0) beside both (all) on the
# batch rows, -vv phases; batch-bitpar's chunk size (KiB) swept on 10^5 pairs of 10 kbp.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache
nvidia-smi -L > $o/gpus.txt; nproc >> $o/gpus.txt
for dev in 0:0 all; do
  tag=${dev/:/-}
  timeout 150 levcl-bench --device $dev --batch synthetic:1000000:150:0.95 \
    --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:100000:10000:0.9 \
    --batch synthetic:100000:10000:0.8 --variants auto --peers none --repeat 3 -o "$o/batches-$tag" -vv 2>&1 |
    grep -E "levcl-bench|distances of|batch-bitpar|wfa-batch|wavefront trial|auto:" >"$o/batches-$tag.log"
  timeout 100 levcl-bench --device $dev --align --batch synthetic:10000:10000:0.9 --variants auto --peers none --repeat 3 -o "$o/align-$tag" -vv > $o/align-$tag.log 2>&1
  for c in 131072 262144 524288; do
    timeout 60 levcl-bench --device $dev --batch synthetic:100000:10000:0.9 --batch synthetic:100000:10000:0.8 --param batch-bitpar.chunk=$c \
      --variants auto --peers none --repeat 3 -o "$o/chunk$c-$tag" -vv 2>&1 | grep -E "levcl-bench|distances of|batch-bitpar" > $o/chunk$c-$tag.log
  done
done
for f in $o/*.md; do echo "== $f"; grep -h '^| [as]' $f | cut -d'|' -f2,4,6,9; done
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
