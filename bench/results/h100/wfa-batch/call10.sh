# Session 37 call 10: the trial's leftover pairs start batch-bitpar's bands at the trial's bound: the command's
# SARS-CoV-2 all-vs-all (a stream of chunks) timed line by line, its distances against cpu-bitpar's; the bench rows.
source .gpu/env.sh
o=$OUT/m10; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/levcl-cache LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
for t in test_distances test_wfa_batch; do s=$SECONDS; timeout 120 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > /dev/null 2>&1  # programs built
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }
for k in 1 2 3; do
  s=$EPOCHREALTIME; echo "$s start" > $o/prof-sars-$k.log
  { levcl -vv --all-vs-all $d/sarscov2/ncov_example_418.fa.gz 2>&1 > $o/sars-cli.tsv | stamp >> $o/prof-sars-$k.log; }
  awk -v a=$s -v b=$EPOCHREALTIME -v n=sars-$k 'BEGIN{printf "levcl -vv --all-vs-all SARS-CoV-2, run %s: %.3f s\n", n, b-a}' | tee -a $o/cli.txt
done
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/cli.txt
rm -f $o/sars-cli.tsv
levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:1000:100000:0.995 --variants auto \
  --peers none --repeat 3 -o $o/batches 2>&1 | grep "levcl-bench: .*: levcl"
cd $OUT && tar czf m10.tgz m10 && rm -rf m10
