# Session 43 call 2: the halo taken as room allows (E. coli's shares), a halo sweep, shares of several blocks
# (spread 2, 4) for the wide fronts; the multi-workgroup GPU tests of persistent.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
source .gpu/env.sh
run() {  # LABEL PARAMS... (persistent)
  LEVCL_CACHE_DIR=/tmp/cache-now timeout 40 levcl-bench --variants persistent --peers none "${@:2}" -o $o/$1 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$1: /"
}
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
{ for h in 8 16 32 64; do
    run h$h-ecoli --param halo=$h --repeat 3 --row-budget 5 $ecoli
    run h$h-999 --param halo=$h --repeat 3 --row-budget 5 --lengths 1M,10M --similarities 0.999
    run h$h-99 --param halo=$h --repeat 2 --row-budget 5 --lengths 10M --similarities 0.99
  done
  for s in 2 4; do
    run s$s-ecoli --param spread=$s --repeat 3 --row-budget 5 $ecoli
    run s$s-99 --param spread=$s --repeat 2 --row-budget 5 --lengths 10M --similarities 0.99
    run s$s-100M --param spread=$s --repeat 2 --row-budget 8 --lengths 100M --similarities 0.999
  done; } | tee $o/rows.txt
( LEVCL_CACHE_DIR=/tmp/cache-now timeout 30 levcl -vv --variant persistent $ecoli ) > $o/ecoli-vv.txt 2>&1
( LEVCL_CACHE_DIR=/tmp/cache-now timeout 30 levcl-bench -vv --variants persistent --param spread=4 --peers none --repeat 1 --lengths 10M --similarities 0.99 -o $o/vv99 ) 2>&1 | grep "persistent:" > $o/s4-99-vv.txt
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_wfa_persistent --test-case=several*,a?pair?whose*"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 240 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
