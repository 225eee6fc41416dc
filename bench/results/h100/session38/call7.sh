# Session 38 call 7: wfa-batch's workgroup size again now that most diagonals stop at their first byte.
source .gpu/env.sh
o=$OUT/m7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-now
b=(--batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:100000:10000:0.99 --batch synthetic:20000:30000:0.99
   --batch synthetic:1000:100000:0.995)
for wg in 128 32 64 256; do
  levcl-bench "${b[@]}" --variants auto --param wfa-batch.wg=$wg --peers none --repeat 5 -vv -o $o/wg$wg 2> $o/wg$wg.log
done
cd $OUT && tar czf m7.tgz m7 && rm -rf m7
