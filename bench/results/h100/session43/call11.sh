# Session 43 call 11: the motivating pair alone (auto: bitpar), this build and the build before alternating
# three times, to tell call 10's difference from run-to-run spread.
o=$OUT/c11; mkdir -p $o; d=.gpu/data/cudalign
export LEVCL_DEVICE=nvidia
row() { ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
  timeout 30 levcl-bench --variants auto --peers none --repeat 5 --row-budget 5 -o $o/$2 $d/BA000035.2.fa.gz $d/BX927147.1.fa.gz ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"; }
{ for i in 1 2 3; do row .gpu now$i; row .gpu-base base$i; done; } | tee $o/rows.txt
cd $OUT && tar czf c11.tgz c11 && rm -rf c11
