# Session 43 call 7: BLOCKS_AT_ONCE (a work-item's blocks stepped side by side in the first phase), 1 and 2
# through LEVCL_KERNEL_DIR against this build's 4, with shares of one block (spread 1, the default) and of
# up to four (spread 4); alignments (their deeper pieces step 8 blocks of 64); the GPU tests with 4.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
source .gpu/env.sh
run() {  # LABEL KERNELDIR PARAMS...
  ( [ -n "$2" ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/$2; LEVCL_CACHE_DIR=/tmp/cache-$2x timeout 50 levcl-bench --peers none "${@:3}" -o $o/$1 ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$1: /"
}
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
{ for v in b1 b2 b4; do
    k=$v; [ $v = b4 ] && k=
    run $v-ecoli "$k" --variants persistent --repeat 3 --row-budget 5 $ecoli
    run $v-ecoli-s4 "$k" --variants persistent --param spread=4 --repeat 3 --row-budget 5 $ecoli
    run $v-999 "$k" --variants persistent --repeat 3 --row-budget 5 --lengths 1M,10M --similarities 0.999
    run $v-99 "$k" --variants persistent --repeat 2 --row-budget 5 --lengths 10M --similarities 0.99
    run $v-99-s4 "$k" --variants persistent --param spread=4 --repeat 2 --row-budget 5 --lengths 10M --similarities 0.99
    run $v-100M-s4 "$k" --variants persistent --param spread=4 --repeat 2 --row-budget 8 --lengths 100M --similarities 0.999
    run $v-align-ecoli "$k" --align --variants auto --repeat 3 --row-budget 4 $ecoli
  done; } | tee $o/rows.txt
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_variants --variant=persistent --test-case=distance:*" "test_variants --variant=persistent --test-case=breakpoint:*" "test_alignment" "test_wfa_persistent"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 130 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
