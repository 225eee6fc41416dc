# Session 43 call 6: vwords (a run's first 16 bytes read as two words at once, no first byte alone: session
# 42's revert of this came from a comparison whose E. coli row had moved to global columns), against this
# build's kernel, alternating, on every similar pair; then the GPU test of persistent with it.
o=$OUT/c6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
source .gpu/env.sh
run() {  # LABEL KERNELDIR PARAMS...
  ( [ -n "$2" ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/$2; LEVCL_CACHE_DIR=/tmp/cache-$2x timeout 50 levcl-bench --variants persistent --peers none "${@:3}" -o $o/$1 ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$1: /"
}
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
{ for round in 1 2; do
  for v in now vwords; do
    k=$v; [ $v = now ] && k=
    run $v-ecoli-$round "$k" --repeat 3 --row-budget 5 $ecoli
    run $v-999-$round "$k" --repeat 3 --row-budget 5 --lengths 1M,10M --similarities 0.999
    run $v-99-$round "$k" --repeat 2 --row-budget 5 --lengths 10M --similarities 0.99
  done; done
  for v in now vwords; do k=$v; [ $v = now ] && k=; run $v-100M "$k" --repeat 2 --row-budget 8 --lengths 100M --similarities 0.999; done; } | tee $o/rows.txt
( export LEVCL_KERNEL_DIR=$PWD/.gpu/vwords LEVCL_CACHE_DIR=/tmp/cache-tests-vw
  for t in "test_wfa_persistent --test-case=several*" "test_variants --variant=persistent --test-case=distance:*"; do
    s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 120 $t > $o/$name.txt 2>&1); echo "vwords $t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done )
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
