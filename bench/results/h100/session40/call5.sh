# Session 40 call 5 (final): persistent with local columns where each workgroup's share is one block (spread 1),
# else global columns as before; rows beside the build before (.gpu-base), then the GPU tests of persistent.
o=$OUT/s5; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
rows() {  # ENV LABEL PARAMS...
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 60 levcl-bench --variants persistent,auto --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent,auto --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-999
    timeout 60 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-99
    timeout 60 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 "${@:3}" -o $o/$2-100M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
{ rows .gpu-base base; rows .gpu now; } | tee $o/rows.txt
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-tests
timeout 30 levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz > $o/ecoli-log.txt 2>&1
for t in "test_wfa_persistent" "test_variants --variant=persistent --test-case=distance:*" "test_variants --variant=persistent --test-case=breakpoint:*" "test_alignment"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 100 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s5.tgz s5 && rm -rf s5
