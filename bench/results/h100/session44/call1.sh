# Session 44 call 1: where the divergent pairs' time goes. The host's phases (-vv), bitpar's chunk
# (32-column words between two publications of a stripe's progress) and block rows (wide=0: 32-row
# blocks; 2, shipped: 64 where the 32-row stripes outnumber 1,024), and a trace of each stripe
# (bitpar_trace.py: compute unit, claim, corner and end times).
o=$OUT/c1; mkdir -p $o; c=.gpu/data/cudalign; p=.gpu/pairs
source .gpu/env.sh
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"; hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"; s3="$p/s3m93a.fa $p/s3m93b.fa"
timeout 60 levcl-bench -vv --variants auto --peers none --repeat 3 -o $o/vv $mot $hhv 2> $o/vv.log | tail -3
for ch in 4 1 2; do for w in 2 0; do
  timeout 90 levcl-bench --variants bitpar --param bitpar.chunk=$ch --param bitpar.wide=$w --peers none --repeat 3 \
    --row-budget 3 -o $o/c$ch-w$w $hhv $cp $s3 $mot 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/c$ch w$w: /"
  timeout 60 levcl-bench --lengths 3M --similarities 0.93 --mosaic --variants bitpar --param bitpar.chunk=$ch \
    --param bitpar.wide=$w --peers none --repeat 3 --row-budget 3 -o $o/m$ch-w$w 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/c$ch w$w: /"
done; done | tee $o/rows.txt
export LEVCL_KERNEL_DIR=$PWD/.gpu/trcl LEVCL_CACHE_DIR=/tmp/cache-trace
for pair in "mot|$mot" "hhv|$hhv" "s3|$s3" "cp|$cp"; do
  name=${pair%%|*}; files=${pair#*|}
  timeout 30 levcl --variant bitpar $files > /dev/null 2>&1  # builds the tracing program
  timeout 30 levcl -vv --variant bitpar $files > $o/trace-$name.txt 2> $o/trace-$name.log
done
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
