# Session 37 call 4: wfa-batch with two fronts meeting (BiWFA), one barrier a radius, beside one front (the call-2 kernel, one front through
# LEVCL_KERNEL_DIR): its tests on the H100, the SARS-CoV-2 all-vs-all under auto, its parameters, similar batches.
source .gpu/env.sh
o=$OUT/m4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/levcl-cache LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
for t in "test_wfa_batch" "test_variants --variant=wfa-batch --test-case=batch:*" "test_distances"; do
  s=$SECONDS; timeout 150 $t > $o/$(echo $t | tr ' =*:-' '_____').txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" >> $o/tests.txt
done
cat $o/tests.txt
sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
run() {  # NAME ARGS...
  levcl-bench --peers none -vv -o $o/$1 "${@:2}" > $o/$1.log 2>&1
  grep -h "levcl-bench: .*: levcl" $o/$1.log | sed "s/^/$1: /"
}
run sars --batch "$sars" --variants auto --repeat 3
LEVCL_KERNEL_DIR=$PWD/.gpu/k-uni run sars-one-front --batch "$sars" --variants auto --repeat 3
for p in wfa-batch.front=256 wfa-batch.front=1024 wfa-batch.wg=32 wfa-batch.wg=128; do run sars-${p#wfa-batch.} --batch "$sars" --variants auto --param $p --repeat 3; done
run sars-alone --batch "$sars" --variants wfa-batch --repeat 1
run similar --batch synthetic:122:30000:0.988 --batch synthetic:100000:10000:0.99 --batch synthetic:100000:10000:0.999 --variants auto --repeat 3
grep -h "wfa-batch:\|wavefront trial\|distances of\|batch-bitpar: [0-9]* pairs;" $o/sars.log | tail -8
grep -h "wfa-batch:" $o/sars-one-front.log | tail -2
s=$EPOCHREALTIME; levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{printf "levcl --all-vs-all SARS-CoV-2: %.3f s\n", b-a}' | tee -a $o/tests.txt
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/tests.txt
cd $OUT && tar czf m4.tgz m4 && rm -rf m4
