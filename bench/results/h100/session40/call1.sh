# Session 40 call 1: persistent's columns shared out in local memory (spread) against global columns (spread=0),
# with L2 prefetches and the least share (solo); GPU tests of persistent.
source .gpu/env.sh
o=$OUT/s1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_CACHE_DIR=/tmp/cache-s1
T0=$SECONDS
row() {  # LABEL PARAMS... : E. coli and the synthetic similar pairs
  timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
  timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-999
  timeout 60 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-99
}
{ row global --param persistent.spread=0
  row spread
  row pf2k --param persistent.prefetch=2048
  row pf8k --param persistent.prefetch=8192
  row solo1 --param persistent.solo=1
  echo "rows done at $((SECONDS-T0)) s"
  timeout 60 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 --param persistent.spread=0 -o $o/global-100M
  timeout 60 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 -o $o/spread-100M
  echo "100M done at $((SECONDS-T0)) s"
} 2>&1 | grep -E "levcl-bench: .*: levcl|rror|done at" | tee $o/rows.txt
timeout 30 levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz > $o/ecoli-log.txt 2>&1
for t in "test_wfa_persistent" "test_variants --variant=persistent --test-case=distance:*" "test_variants --variant=persistent --test-case=breakpoint:*" "test_alignment"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 100 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s1.tgz s1 && rm -rf s1
