# Session 37 call 2: wfa-batch (a workgroup per pair, fronts in local memory) on the H100: its tests, then the
# SARS-CoV-2 all-vs-all and similar batches under auto (whose wavefront trial it now runs), its parameters, alone.
source .gpu/env.sh
o=$OUT/m2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/levcl-cache LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
for t in "test_wfa_batch" "test_variants --variant=wfa-batch --test-case=batch:*" "test_variants --variant=persistent --test-case=batch:*" "test_distances"; do
  s=$SECONDS; timeout 150 $t > $o/$(echo $t | tr ' =*:-' '_____').txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" >> $o/tests.txt
done
cat $o/tests.txt
sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
run() {  # NAME ARGS...
  levcl-bench --peers none --repeat 3 -vv -o $o/$1 "${@:2}" > $o/$1.log 2>&1
  grep -h "levcl-bench: .*: levcl" $o/$1.log | sed "s/^/$1: /"
}
run sars --batch "$sars" --variants auto
for p in wfa-batch.front=256 wfa-batch.front=1024 wfa-batch.wg=32 wfa-batch.wg=128; do run sars-${p#wfa-batch.} --batch "$sars" --variants auto --param $p; done
run sars-alone --batch "$sars" --variants wfa-batch,persistent --repeat 1
run similar --batch synthetic:122:30000:0.988 --batch synthetic:100000:10000:0.99 --batch synthetic:100000:10000:0.9 --variants auto
grep -h "wfa-batch:\|wavefront trial\|distances of\|batch-bitpar: [0-9]* pairs;" $o/sars.log | tail -8
s=$EPOCHREALTIME; levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{printf "levcl --all-vs-all SARS-CoV-2: %.3f s\n", b-a}' | tee -a $o/tests.txt
cd $OUT && tar czf m2.tgz m2 && rm -rf m2
