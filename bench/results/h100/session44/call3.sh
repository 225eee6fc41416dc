# Session 44 call 3: what a lone warp's steps pay for (bitpar_variants.py's kernels through
# LEVCL_KERNEL_DIR, aa0851d's host code): levcl --json --variant bitpar --max-distance at each pair's
# first band, a warm-up then 3 runs; kernel and end-to-end seconds.
o=$OUT/c3; mkdir -p $o; c=.gpu/data/cudalign; p=.gpu/pairs
source .gpu/env.sh
export LEVCL_DEVICE=nvidia
pairs=("hhv|98223|$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz" "s3|232977|$p/s3m93a.fa $p/s3m93b.fa"
       "cp|583948|$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz" "mot|1769418|$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz")
for round in 1 2; do
for v in base pre nofence nobus noeq noout noballot; do
  export LEVCL_KERNEL_DIR=$PWD/.gpu/kv/$v LEVCL_CACHE_DIR=/tmp/cache-$v
  for pair in "${pairs[@]}"; do
    IFS='|' read -r name k files <<<"$pair"
    timeout 30 levcl --json --variant bitpar --max-distance $k $files >/dev/null 2>&1
    for r in 1 2 3; do timeout 30 levcl --json --variant bitpar --max-distance $k $files 2>/dev/null; echo; done |
      python3 -c "
import sys, json
rs=[json.loads(l) for l in sys.stdin if l.strip()]
ks=sorted(r['kernel_seconds'] for r in rs); es=sorted(r['seconds'] for r in rs)
print('$round $v $name kernel %.4f e2e %.4f distance %s' % (ks[len(ks)//2], es[len(es)//2], rs[0]['distance']))"
  done
done; done | tee $o/rows.txt
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
