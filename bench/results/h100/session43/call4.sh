# Session 43 call 4: kernel experiments through LEVCL_KERNEL_DIR on the pairs whose columns are shared out in
# local memory: vint (every long of the kernel file as int: what 64-bit position arithmetic costs; unsound for
# global columns, not run there), vskip (the teams' phase left out where no run was handed over: NVIDIA only),
# vboth.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
run() {  # LABEL KERNELDIR PARAMS...
  ( [ -n "$2" ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/$2; LEVCL_CACHE_DIR=/tmp/cache-$1 timeout 40 levcl-bench --variants persistent --peers none "${@:3}" -o $o/$1 ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$1: /"
}
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
{ for round in 1 2; do
  for v in now vint vskip vboth; do
    k=$v; [ $v = now ] && k=
    run $v-ecoli-$round "$k" --repeat 3 --row-budget 5 $ecoli
    run $v-999-$round "$k" --repeat 3 --row-budget 5 --lengths 1M,10M --similarities 0.999
  done; done
  run now-99 "" --repeat 2 --row-budget 5 --lengths 10M --similarities 0.99
  run vskip-99 vskip --repeat 2 --row-budget 5 --lengths 10M --similarities 0.99; } | tee $o/rows.txt
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
