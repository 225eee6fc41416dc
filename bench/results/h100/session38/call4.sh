# Session 38 call 4: batch-bitpar's long pairs as bitpar's pieces, their first band from the probe, their cost model;
# the GPU tests; the command's SARS-CoV-2 distances and time; the batches, auto, beside pieces=0.
source .gpu/env.sh
o=$OUT/m4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_CACHE_DIR=/tmp/cache-now
for t in test_batch_bitpar test_wfa_batch test_distances; do s=$SECONDS; timeout 150 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/tests.txt
for k in 1 2 3; do
  s=$EPOCHREALTIME; levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2>/dev/null
  awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{printf "levcl --all-vs-all SARS-CoV-2: %.3f s\n", b-a}' | tee -a $o/tests.txt
done
rm -f $o/sars-cli.tsv
sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
levcl-bench --batch "$sars" --variants auto --peers none --repeat 5 -vv -o $o/sars 2> $o/sars.log
levcl-bench --batch "$sars" --variants auto --param batch-bitpar.pieces=0 --peers none --repeat 5 -o $o/sars-pieces0 2>/dev/null
b=(--batch synthetic:122:30000:0.988 --batch synthetic:2000:30000:0.9 --batch synthetic:200:100000:0.8
   --batch synthetic:100000:10000:0.9 --batch synthetic:100000:10000:0.99 --batch synthetic:20000:30000:0.99
   --batch synthetic:1000:100000:0.995 --batch synthetic:1000000:150:0.95)
levcl-bench "${b[@]}" --variants auto --peers none --repeat 3 -vv -o $o/batches 2> $o/batches.log
levcl-bench --batch synthetic:2000:30000:0.9 --batch synthetic:200:100000:0.8 --variants auto --param batch-bitpar.pieces=0 \
  --peers none --repeat 3 -o $o/batches-pieces0 2>/dev/null
cd $OUT && tar czf m4.tgz m4 && rm -rf m4
