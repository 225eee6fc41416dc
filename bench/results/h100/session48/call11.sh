# Session 48 call 11: single-pair alignments with the stop's final build (89f60e2's code):
# the motivating pair, synthetic 1 Mbp at 99.9% and 99%, E. coli; the distance beside each.
o=$OUT/c11; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 200 levcl-bench --align --variants auto --peers none --repeat 2 $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz \
    $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/genomes -vv 2> $o/genomes.log >/dev/null
  timeout 120 levcl-bench --align --variants auto --peers none --repeat 3 --lengths 1M --similarities 0.99,0.999 \
    -o $o/synthetic -vv 2> $o/synthetic.log >/dev/null
  grep -hE "levcl-bench: .*levcl" $o/genomes.log $o/synthetic.log
  grep -hE "peak device|bytes per" $o/genomes.md | head -5 )
cd $OUT && tar czf c11.tgz c11 && rm -rf c11
