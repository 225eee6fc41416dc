# Session 44 call 11: the final distance rows of this build (f1a: the lanes meet after a word is published),
# levcl-bench --variants auto (the build before: call 9's base rows).
o=$OUT/c11; mkdir -p $o; c=.gpu/data/cudalign
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-now
source .gpu/env.sh
hiv=".gpu/data/hiv/AF133821.1.fa.gz .gpu/data/hiv/AY352275.1.fa.gz"; mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"; cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"; pl="$c/NC_003064.2.fa.gz $c/NC_000914.1.fa.gz"
( timeout 60 levcl-bench --variants auto --peers none --repeat 5 --row-budget 3 -o $o/pairs $hiv $hhv $pl $cp $mot
  timeout 60 levcl-bench --lengths 3M --similarities 0.93 --variants auto --peers none --repeat 5 --row-budget 3 -o $o/3M
  timeout 60 levcl-bench --lengths 3M --similarities 0.93 --mosaic --variants auto --peers none --repeat 3 --row-budget 3 -o $o/mosaic
  timeout 40 levcl-bench --lengths 10M --similarities 0.5 --variants auto --peers none --repeat 2 --row-budget 3 -o $o/10M
) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | tee $o/rows.txt
cd $OUT && tar czf c11.tgz c11 && rm -rf c11
