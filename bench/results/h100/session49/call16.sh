# Session 49 call 16: the stop's final build beside edlib and WFA2-lib (one host thread each,
# 30 s limit) on the pairs whose time this stop changed: HHV-6B x EBV and CP000051 x AE002160.
o=$OUT/c16; mkdir -p $o; c=.gpu/data/cudalign
export LEVCL_DEVICE=nvidia
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 280 levcl-bench --variants auto --peers edlib,wfa2 --repeat 3 --row-budget 10 --time-limit 30 \
    $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz -o $o/peers 2> $o/peers.log >/dev/null
  grep -h "^| " $o/peers.md | cut -d'|' -f2,7,10,11 )
cd $OUT && tar czf c16.tgz c16 && rm -rf c16
