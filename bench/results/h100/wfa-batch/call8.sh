# Session 37 call 8: wfa-batch's fronts in global memory, one pass to each pair's bound (local=0), beside local
# fronts in passes of 512 then 2048 (the default), on the SARS-CoV-2 all-vs-all and synthetic similar batches.
source .gpu/env.sh
o=$OUT/m8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/levcl-cache
sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
run() {  # NAME ARGS...
  levcl-bench --peers none -vv -o $o/$1 "${@:2}" > $o/$1.log 2>&1
  grep -h "levcl-bench: .*: levcl" $o/$1.log | sed "s/^/$1: /"
}
similar=(--batch synthetic:122:30000:0.988 --batch synthetic:100000:10000:0.99 --batch synthetic:100000:10000:0.999
         --batch synthetic:20000:30000:0.99 --batch synthetic:1000:100000:0.995)
run local --batch "$sars" "${similar[@]}" --variants auto --repeat 3
for w in 32 64 128; do run global-wg$w --batch "$sars" "${similar[@]}" --variants auto --param wfa-batch.local=0 --param wfa-batch.wg=$w --repeat 3; done
grep -h "wfa-batch:" $o/local.log $o/global-wg64.log | sort | uniq -c | sort -rn | head -20
cd $OUT && tar czf m8.tgz m8 && rm -rf m8
