# Session 37 call 13, after the review mends (94b3fe1): wfa-batch's and the routing's tests on the H100, the command's
# SARS-CoV-2 all-vs-all against cpu-bitpar's distances, the bench's SARS-CoV-2 row.
source .gpu/env.sh
o=$OUT/m13; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/levcl-cache LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
for t in "test_wfa_batch" "test_variants --variant=wfa-batch --test-case=batch:*" "test_distances"; do
  s=$SECONDS; timeout 150 $t > $o/$(echo $t | tr ' =*:-' '_____').txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt
done
levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > /dev/null 2>&1
s=$EPOCHREALTIME; levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{printf "levcl --all-vs-all SARS-CoV-2: %.3f s\n", b-a}' | tee -a $o/tests.txt
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/tests.txt
rm -f $o/sars-cli.tsv
levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --variants auto --peers none --repeat 3 -o $o/sars 2>&1 | grep "levcl-bench: .*: levcl" | tee -a $o/tests.txt
cd $OUT && tar czf m13.tgz m13 && rm -rf m13
