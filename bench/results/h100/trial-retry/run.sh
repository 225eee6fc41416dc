# Session 36 call 6 (one H100): auto's wavefront trial's second pass at twice the bound for the few pairs left;
# the CLI's SARS-CoV-2 all-vs-all with it; a fresh host's first calls at this build.
source .gpu/env.sh
o=$OUT/a2; mkdir -p $o; d=.gpu/data
export LEVCL_CACHE_DIR=/tmp/levcl-cache LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
timeout 120 bash bench/h100.sh coldstart $o > /dev/null 2>&1; echo "coldstart phase: exit $?" >> $o/tests.txt
for t in "test_distances" "test_variants --variant=persistent -tc=batch:*" "test_variants --variant=batch-bitpar -tc=batch:*"; do
  s=$SECONDS; timeout 200 $t > $o/$(echo $t | tr ' =*:' '____').txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" >> $o/tests.txt
done
levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:122:30000:0.988 --batch synthetic:100000:10000:0.9 \
  --variants auto --peers none --repeat 3 -vv -o $o/batches 2>&1 | grep -E "levcl-bench|distances of|wavefront trial|batch-bitpar: [0-9]+ pairs;" > $o/batches.log
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }
for k in 1 2; do
  s=$EPOCHREALTIME; echo "$s start" > $o/prof-sars-$k.log
  { levcl -vv --all-vs-all $d/sarscov2/ncov_example_418.fa.gz 2>&1 >/dev/null | stamp >> $o/prof-sars-$k.log; }
  awk -v a=$s -v b=$EPOCHREALTIME -v n=sars-$k 'BEGIN{printf "%s: %.3f s\n", n, b-a}' >> $o/prof.txt
done
cat $o/tests.txt $o/prof.txt $o/coldstart.txt | grep -v "^\[levcl" ; grep "levcl-bench: .*levcl auto" $o/batches.log
cd $OUT && tar czf a2.tgz a2 && rm -rf a2
