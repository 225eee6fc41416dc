# Session 37 call 7: wfa-batch's local fronts with rows of 2 bytes where every row fits (twice the pairs a compute
# unit), beside 4-byte rows (the committed kernel, .gpu/k-int through LEVCL_KERNEL_DIR); its test first.
source .gpu/env.sh
o=$OUT/m7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/levcl-cache
s=$SECONDS; timeout 120 test_wfa_batch > $o/test_wfa_batch.txt 2>&1; echo "test_wfa_batch: exit $? in $((SECONDS-s)) s" | tee $o/tests.txt
sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
run() {  # NAME ARGS...
  levcl-bench --peers none -vv -o $o/$1 "${@:2}" > $o/$1.log 2>&1
  grep -h "levcl-bench: .*: levcl" $o/$1.log | sed "s/^/$1: /"
  grep -h "wfa-batch:" $o/$1.log | tail -3 | sed "s/^/$1: /"
}
LEVCL_KERNEL_DIR=$PWD/.gpu/k-int run int-rows --batch "$sars" --batch synthetic:100000:10000:0.99 --variants auto --repeat 3
run short-rows --batch "$sars" --batch synthetic:100000:10000:0.99 --variants auto --repeat 3
for p in wfa-batch.wg=32 wfa-batch.front=1024 wfa-batch.front=2048 wfa-batch.local=0; do run rows-${p#wfa-batch.} --batch "$sars" --variants auto --param $p --repeat 3; done
run short-rows-alone --batch "$sars" --variants wfa-batch --repeat 3
cd $OUT && tar czf m7.tgz m7 && rm -rf m7
