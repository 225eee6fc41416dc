# Session 49 call 12: the HIV-1 pair's alignment (its breakpoints by persistent) with one
# workgroup (persistent.groups=1), with columns in global memory (local=0), both, beside the
# tuned choice; alternating twice; the final build (6b6f2a5's code).
o=$OUT/c12; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 100 levcl-bench --peers none --align --variants auto --repeat 5 "$@" $h -o $o/$t -vv 2> $o/$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl align" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//"
    grep -h "align: level 0:" $o/$t.log | tail -2 | sed "s/^/$t: /" )
}
for r in 1 2; do
  run tuned$r
  run g1-$r --param persistent.groups=1
  run l0-$r --param persistent.local=0
  run g1l0-$r --param persistent.groups=1 --param persistent.local=0
  run g4-$r --param persistent.groups=4
done
cd $OUT && tar czf c12.tgz c12 && rm -rf c12
