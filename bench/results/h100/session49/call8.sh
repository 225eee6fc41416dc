# Session 49 call 8: the final build (6b6f2a5: each kernel checked once, not at every launch)
# beside the build before (1c42777, .gpu-base), alternating three times: the divergent pairs.
o=$OUT/c8; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2 3; do for b in gpu-base gpu; do
  run $b div$r --variants auto --repeat 5 $h $hhv $cp $mot
done; done
for b in gpu-base gpu; do grep -h "264 stripes" $o/$b-div*.log | grep -o "plan.*" | head -15 | tr '\n' ';'; echo " $b"; done
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
