# Session 49 call 9: auto's choice where the wavefront engines and bitpar compete, with this
# session's bitpar (slots of their own where a band's chain bounds it; 6b6f2a5's code) and the
# shipped tuning entry (its bitpar rows from an older kernel): synthetic 100 kbp and 1 Mbp at
# 90/99/99.9%, 3 Mbp at 90/93/95% and the mosaic at 93%, 10 Mbp at 99%, E. coli; auto beside
# bitpar and persistent.
o=$OUT/c9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
b=gpu
run $b small --variants auto,bitpar,persistent --repeat 5 --lengths 100K,1M --similarities 0.9,0.99,0.999
run $b mid --variants auto,bitpar,persistent --repeat 3 --lengths 3M --similarities 0.9,0.93,0.95
run $b mosaic --variants auto,bitpar,persistent --repeat 3 --lengths 3M --similarities 0.93 --mosaic
run $b big --variants auto,bitpar,persistent --repeat 3 --lengths 10M --similarities 0.99
run $b ecoli --variants auto,bitpar,persistent --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
grep -h "auto: .* chosen\|auto: bitpar, predicted\|predicted" $o/$b-mid.log | grep -o "auto: [a-z-]*, predicted [0-9.]* s for an estimated distance of [0-9]*" | sort | uniq -c
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
