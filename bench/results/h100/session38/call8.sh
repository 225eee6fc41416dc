# Session 38 call 8, after the review mends: batch-bitpar's long pairs' strings through join_strings (pinned, copied
# as gathered); the GPU tests; the command's SARS-CoV-2 distances; the rows the long pairs serve, beside pieces=0.
source .gpu/env.sh
o=$OUT/m8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_CACHE_DIR=/tmp/cache-now
for t in test_batch_bitpar test_distances; do s=$SECONDS; timeout 150 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/tests.txt
rm -f $o/sars-cli.tsv
b=(--batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:2000:30000:0.9 --batch synthetic:200:100000:0.8)
levcl-bench "${b[@]}" --variants auto --peers none --repeat 5 -vv -o $o/batches 2> $o/batches.log
levcl-bench "${b[@]}" --variants auto --param batch-bitpar.pieces=0 --peers none --repeat 5 -o $o/batches-pieces0 2>/dev/null
cd $OUT && tar czf m8.tgz m8 && rm -rf m8
