# Session 40 call 3: phase 1 reads both directions' and two blocks' rows, then their bytes, before using any.
# Phases of a step (instrumented copy, LEVCL_KERNEL_DIR); rows of the build before (.gpu-base) beside this one with
# global columns (spread=0), local columns (spread, solo 2) and solo 1; GPU tests of persistent.
o=$OUT/s3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
ph() {  # LABEL PARAMS...
  echo "== $1"
  LEVCL_KERNEL_DIR=$PWD/.gpu/instr timeout 60 levcl-bench --variants persistent --peers none --repeat 1 "${@:2}" -o $o/ph-$1 2>&1 | grep -E "^PH|levcl-bench: .*: levcl|rror" | grep -v "m=100000)"
}
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-ph
  for p in "spread=0" "spread=2048" "solo=1"; do
    ph "ecoli-$p" --param persistent.$p $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    ph "999-$p" --param persistent.$p --lengths 1M,10M --similarities 0.999
    ph "99-$p" --param persistent.$p --lengths 10M --similarities 0.99
  done ) > $o/phases.txt 2>&1
rows() {  # ENV LABEL PARAMS...
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-999
    timeout 60 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-99
    timeout 60 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 "${@:3}" -o $o/$2-100M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
{ rows .gpu-base base; rows .gpu global --param persistent.spread=0; rows .gpu spread; rows .gpu solo1 --param persistent.solo=1; rows .gpu-base base-again; } | tee $o/rows.txt
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-tests
timeout 30 levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz > $o/ecoli-log.txt 2>&1
for t in "test_wfa_persistent" "test_variants --variant=persistent --test-case=distance:*" "test_variants --variant=persistent --test-case=breakpoint:*" "test_alignment"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 100 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s3.tgz s3 && rm -rf s3
