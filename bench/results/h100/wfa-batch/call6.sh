# Session 37 call 6: wfa-batch's radius with every diagonal's first word loaded before any run is followed
# (k-two, k-two-u4 unrolled by 4; through LEVCL_KERNEL_DIR) beside the committed kernel; workgroups per pair.
source .gpu/env.sh
o=$OUT/m6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/levcl-cache
sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
run() {  # NAME ARGS...
  levcl-bench --peers none -vv -o $o/$1 "${@:2}" > $o/$1.log 2>&1
  grep -h "levcl-bench: .*: levcl" $o/$1.log | sed "s/^/$1: /"
  grep -h "wfa-batch:" $o/$1.log | tail -2 | sed "s/^/$1: /"
}
for k in now k-two k-two-u4; do
  dir=; [ $k != now ] && dir=$PWD/.gpu/$k
  LEVCL_KERNEL_DIR=$dir run $k --batch "$sars" --batch synthetic:100000:10000:0.99 --variants auto --repeat 3
done
for w in 32 128 256; do LEVCL_KERNEL_DIR=$PWD/.gpu/k-two run k-two-wg$w --batch "$sars" --variants auto --param wfa-batch.wg=$w --repeat 3; done
LEVCL_KERNEL_DIR=$PWD/.gpu/k-two run k-two-alone --batch "$sars" --variants wfa-batch --repeat 3
cd $OUT && tar czf m6.tgz m6 && rm -rf m6
