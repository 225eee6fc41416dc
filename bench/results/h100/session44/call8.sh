# Session 44 call 8: bitpar's full stripes gather their bottom row's bits in registers (gather_out)
# instead of a slot store a step, beside aa0851d's kernels (.gpu/cl-old, LEVCL_KERNEL_DIR; the same host
# code): GPU tests first, then alternating levcl --json runs at each pair's first band (kernel and end to
# end medians of 3), levcl-bench rows with auto, and the new program's SASS.
o=$OUT/c8; mkdir -p $o; c=.gpu/data/cudalign; p=.gpu/pairs
source .gpu/env.sh
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="test_bitpar|test_variant_bitpar|test_batch_bitpar|test_variant_batch-bitpar|test_alignment_hhv" timeout 150 bash tests/gpu_suite.sh $o/tests >/dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
pairs=("hhv|98223|$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz" "s3|232977|$p/s3m93a.fa $p/s3m93b.fa"
       "cp|583948|$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz" "mot|1769418|$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz")
kernels() { export LEVCL_CACHE_DIR=/tmp/cache-$1 LEVCL_KERNEL_DIR=; [ $1 = old ] && export LEVCL_KERNEL_DIR=$PWD/.gpu/cl-old; }
for round in 1 2 3; do
for v in old new; do
  kernels $v
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
done; done | tee $o/ab.txt
mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"; hhv="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz"
cp="$c/CP000051.1.fa.gz $c/AE002160.2.fa.gz"; s3="$p/s3m93a.fa $p/s3m93b.fa"; pl="$c/NC_003064.2.fa.gz $c/NC_000914.1.fa.gz"
for v in old new; do
  kernels $v
  ( timeout 60 levcl-bench --variants auto --peers none --repeat 5 --row-budget 3 -o $o/$v-pairs $hhv $pl $cp $s3 $mot
    timeout 60 levcl-bench --lengths 3M --similarities 0.93 --mosaic --variants auto --peers none --repeat 3 --row-budget 3 -o $o/$v-mosaic
    timeout 40 levcl-bench --lengths 10M --similarities 0.5 --variants auto --peers none --repeat 2 --row-budget 3 -o $o/$v-10M
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$v: /"
done | tee $o/rows.txt
for f in /tmp/cache-new/bitpar-*; do
  python3 -c "
import sys; d=open(sys.argv[1],'rb').read(); k=min(x for x in (d.find(b'//'), d.find(b'.version')) if x >= 0); open(sys.argv[2],'wb').write(d[k:].rstrip(b'\0'))" $f $o/$(basename $f).ptx
  ptxas -arch=sm_90 -v -o /tmp/x.cubin $o/$(basename $f).ptx 2>&1 | grep -E "registers|spill" | head -2
  cuobjdump -sass /tmp/x.cubin > $o/$(basename $f).sass; rm $o/$(basename $f).ptx
done
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
