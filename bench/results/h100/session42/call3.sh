# Session 42 call 3: a step's runs read as words at once, with no first byte alone (altA, through
# LEVCL_KERNEL_DIR), against this build's kernel; persistent's wg on wide fronts (global columns).
o=$OUT/s3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
set4() {  # LABEL PARAMS...
  { timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
  timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-999
  timeout 60 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-99; } 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$1: /"
}
{ ( export LEVCL_CACHE_DIR=/tmp/cache-now; set4 now )
  ( export LEVCL_CACHE_DIR=/tmp/cache-altA LEVCL_KERNEL_DIR=$PWD/.gpu/altA; set4 altA  # altA: the kernel that landed after this call )
  ( export LEVCL_CACHE_DIR=/tmp/cache-now; set4 now-again )
  ( export LEVCL_CACHE_DIR=/tmp/cache-now; set4 wg512 --param persistent.wg=512 )
  ( export LEVCL_CACHE_DIR=/tmp/cache-now; set4 wg384 --param persistent.wg=384 )
  ( export LEVCL_CACHE_DIR=/tmp/cache-now
    for wg in 256 512; do timeout 60 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 --param persistent.wg=$wg -o $o/wg$wg-100M 2>&1 | sed "s/^/wg$wg: /"; done )
} 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | tee $o/rows.txt
cd $OUT && tar czf s3.tgz s3 && rm -rf s3
