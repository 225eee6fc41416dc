# Session 47 call 7: the final build beside 6bd142d (.gpu-base) on 10^4 batch alignments,
# alternating (call 6's one row ran with its distance row 15% slower than call 5's).
o=$OUT/c7; mkdir -p $o
export LEVCL_DEVICE=nvidia
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 60 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-base gpu; do run $b a10k-$r --repeat 3 --batch synthetic:10000:10000:0.9; done; done
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
