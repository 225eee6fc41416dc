# Session 42 call 5 (final): this build (aligned word reads, both directions side by side, a run's first byte alone,
# global-wg 512 where the columns are global) beside the build before (.gpu-base, 7d93b64); alignments of
# similar pairs; where a radius goes (phase_timing.py of session 40); the GPU tests.
o=$OUT/s5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
rows() {  # ENV LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 60 levcl-bench --variants persistent,auto --peers none --repeat 3 --row-budget 6 -o $o/$2-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent,auto --peers none --repeat 3 --row-budget 6 -o $o/$2-999
    timeout 60 levcl-bench --lengths 10M --similarities 0.99 --variants persistent,auto --peers none --repeat 3 --row-budget 6 -o $o/$2-99
    timeout 60 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 -o $o/$2-100M
    timeout 50 levcl-bench --align --variants auto --peers none --repeat 3 --row-budget 4 -o $o/$2-align-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 40 levcl-bench --align --lengths 1M --similarities 0.999 --variants auto --peers none --repeat 3 --row-budget 4 -o $o/$2-align-1M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
{ rows .gpu-base base; rows .gpu now; } | tee $o/rows.txt
source .gpu/env.sh
ph() {  # LABEL PARAMS...
  echo "== $1"
  LEVCL_CACHE_DIR=/tmp/cache-ph LEVCL_KERNEL_DIR=$PWD/.gpu/instr timeout 60 levcl-bench --variants persistent --peers none --repeat 1 "${@:2}" -o $o/ph-$1 2>&1 | grep -E "^PH|levcl-bench: .*: levcl|rror" | grep -v "m=100000)"
}
{ ph ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
  ph 999 --lengths 1M,10M --similarities 0.999
  ph 99 --lengths 10M --similarities 0.99; } > $o/phases.txt 2>&1
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_wfa_persistent" "test_variants --variant=persistent --test-case=distance:*" "test_variants --variant=persistent --test-case=breakpoint:*" "test_variants --variant=persistent --test-case=batch:*" "test_variants --variant=pwg --test-case=distance:*" "test_variants --variant=wfa-batch --test-case=batch:*" "test_variants --variant=wfa-traceback --test-case=traceback:*" "test_wfa_batch" "test_alignment"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 100 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s5.tgz s5 && rm -rf s5
