# Session 47 call 5: the final build beside 6bd142d (.gpu-base) on batch alignments again,
# alternating (call 4's one row of the final build ran 15% slow, its distance row too).
o=$OUT/c5; mkdir -p $o
export LEVCL_DEVICE=nvidia
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-base gpu; do run $b a10k-$r --repeat 3 --batch synthetic:10000:10000:0.9 --batch synthetic:10000:10000:0.99; done; done
run gpu a100k --repeat 1 --batch synthetic:100000:10000:0.9
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
