# Session 42 call 6 (final, short: little device time left): a piece's columns shared out in workgroups of
# global-wg where a share needs wider blocks (E. coli); rows of this build; the GPU tests of the layouts.
o=$OUT; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_CACHE_DIR=/tmp/cache-now
source .gpu/env.sh
{ timeout 25 levcl-bench --variants persistent --peers none --repeat 3 --row-budget 4 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/ecoli
  timeout 25 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 3 --row-budget 4 -o $o/999
  timeout 25 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 4 -o $o/99
  timeout 25 levcl-bench --align --variants auto --peers none --repeat 3 --row-budget 4 -o $o/align-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
} 2>&1 | grep -E "levcl-bench: .*: levcl|rror" > $o/rows.txt
for t in "test_wfa_persistent -tc=several*" "test_wfa_persistent -tc=a?pair?whose*" "test_alignment"; do
  s=$SECONDS; (set -f; timeout 60 $t >> $o/test-logs.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" >> $o/tests.txt; done
rm -f $o/*.png $o/*.csv
