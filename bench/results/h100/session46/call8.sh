# Session 46 call 8: auto beside the engines it chooses between on small pairs, the final build
# (band_work in closed form: auto's choice cheaper).
o=$OUT/c8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/env.sh
timeout 100 levcl-bench --variants auto,persistent,bitpar --peers none --repeat 7 $d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz --lengths 100k,1M --similarities 0.9,0.99,0.999 -o $o/small 2>&1 | grep -E "levcl-bench: .*: levcl" | sed 's/levcl-bench: //; s/ (median of .)//; s/GCUPS.*//'
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
