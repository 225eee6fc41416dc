# Session 48 call 14: the stop's final build (1c42777) beside edlib and WFA2-lib (one host
# thread each, 30 s limit): distances of HHV-6B x EBV, CP000051 x AE002160 and the motivating
# pair; alignments of HHV-6B x EBV and E. coli.
o=$OUT/c14; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 250 levcl-bench --variants auto --peers edlib,wfa2 --repeat 3 --row-budget 10 --time-limit 30 \
    $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz \
    -o $o/distances 2> $o/distances.log >/dev/null
  timeout 200 levcl-bench --align --variants auto --peers edlib,wfa2 --repeat 3 --row-budget 10 --time-limit 30 \
    $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/align 2> $o/align.log >/dev/null
  grep -h "^| " $o/distances.md $o/align.md | cut -d'|' -f2,7,10,11 )
cd $OUT && tar czf c14.tgz c14 && rm -rf c14
