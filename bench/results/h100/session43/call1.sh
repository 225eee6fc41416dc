# Session 43 call 1: neighbours exchanging edges every `halo` steps (persistent's local columns shared out),
# this build beside the build before (.gpu-base, c747d0f); a halo sweep; the GPU tests of persistent.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $o/device.txt
rows() {  # ENV LABEL PARAMS...
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 40 levcl-bench --variants persistent,auto --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 50 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-999
    timeout 50 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-99
    timeout 50 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 "${@:3}" -o $o/$2-100M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
{ rows .gpu-base base; rows .gpu now; } | tee $o/rows.txt
sweep() {  # HALO
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-h$1
    timeout 30 levcl-bench --variants persistent --param halo=$1 --peers none --repeat 3 --row-budget 5 -o $o/h$1-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 40 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --param halo=$1 --peers none --repeat 3 --row-budget 5 -o $o/h$1-999
    timeout 30 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --param halo=$1 --peers none --repeat 2 --row-budget 5 -o $o/h$1-99 ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/halo $1: /"
}
for h in 1 4 32 64; do sweep $h; done | tee $o/sweep.txt
( source .gpu/env.sh; LEVCL_CACHE_DIR=/tmp/cache-now timeout 30 levcl -vv --variant persistent $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz ) > $o/ecoli-vv.txt 2>&1
source .gpu/env.sh
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_wfa_persistent"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 90 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
