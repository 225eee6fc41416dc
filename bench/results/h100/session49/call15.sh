# Session 49 call 15: HHV-6B x EBV, the final build (after the review's mends) beside the build
# before the stop (1c42777, .gpu-base), alternating three times on this machine.
o=$OUT/c15; mkdir -p $o; c=.gpu/data/cudalign
export LEVCL_DEVICE=nvidia
for r in 1 2 3; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 60 levcl-bench --peers none --variants auto --repeat 5 $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz -o $o/$b-$r > /dev/null 2>&1
    echo "$b $r: $(grep -h '^| NC' $o/$b-$r.md | cut -d'|' -f10,11)" )
done; done
cd $OUT && tar czf c15.tgz c15 && rm -rf c15
