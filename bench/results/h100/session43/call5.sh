# Session 43 call 5 (final): this build (default halo 32, narrower where the blocks have less room) beside the
# build before (.gpu-base, c747d0f): similar pairs and their alignments; the GPU tests of persistent and of
# the alignments that use it.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
rows() {  # ENV LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 40 levcl-bench --variants persistent,auto --peers none --repeat 3 --row-budget 6 -o $o/$2-ecoli $ecoli
    timeout 50 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent,auto --peers none --repeat 3 --row-budget 6 -o $o/$2-999
    timeout 50 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 2 --row-budget 6 -o $o/$2-99
    timeout 50 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 -o $o/$2-100M
    timeout 40 levcl-bench --align --variants auto --peers none --repeat 3 --row-budget 4 -o $o/$2-align-ecoli $ecoli
    timeout 30 levcl-bench --align --lengths 1M --similarities 0.999 --variants auto --peers none --repeat 3 --row-budget 4 -o $o/$2-align-1M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
{ rows .gpu-base base; rows .gpu now; } | tee $o/rows.txt
( source .gpu/env.sh; LEVCL_CACHE_DIR=/tmp/cache-now timeout 30 levcl -vv --variant persistent $ecoli ) > $o/ecoli-vv.txt 2>&1
source .gpu/env.sh
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_variants --variant=persistent --test-case=distance:*" "test_variants --variant=persistent --test-case=breakpoint:*" "test_alignment" "test_wfa_persistent"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 150 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
