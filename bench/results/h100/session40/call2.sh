# Session 40 call 2: where persistent's radius goes. A copy of cl/ whose wfa_persistent.cl times each phase of a
# step with %clock64 in work-item 0 of a few workgroups (printf at the end), through LEVCL_KERNEL_DIR; then rows
# of the shipped kernels with other teams, workgroups and more workgroups per compute unit.
source .gpu/env.sh
o=$OUT/s2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-s2
ph() {  # LABEL PARAMS...
  echo "== $1"
  LEVCL_KERNEL_DIR=$PWD/.gpu/instr timeout 60 levcl-bench --variants persistent --peers none --repeat 1 "${@:2}" -o $o/ph-$1 2>&1 | grep -E "^PH|levcl-bench: .*: levcl|rror" | grep -v "m=100000)"
}
{ for p in "spread=0" "spread=2048" "solo=1"; do
    ph "ecoli-$p" --param persistent.$p $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    ph "999-$p" --param persistent.$p --lengths 1M,10M --similarities 0.999
    ph "99-$p" --param persistent.$p --lengths 10M --similarities 0.99
  done } > $o/phases.txt 2>&1
row() {  # LABEL PARAMS...
  timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
  timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-999
  timeout 60 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/$1-99
}
{ row team256-global --param persistent.spread=0 --param persistent.team=256
  row wg512-global --param persistent.spread=0 --param persistent.wg=512
  row wg1024-global --param persistent.spread=0 --param persistent.wg=1024
  row solo1-team256 --param persistent.solo=1 --param persistent.team=256
} 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | tee $o/rows.txt
cd $OUT && tar czf s2.tgz s2 && rm -rf s2
