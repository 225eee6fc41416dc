# Session 44 call 6: the SASS of bitpar's programs as NVIDIA's OpenCL builds them (the program cache
# holds their PTX; ptxas -arch=sm_90, then cuobjdump -sass), 32-row (HHV-6B x EBV) and 64-row (motivating).
o=$OUT/c6; mkdir -p $o; c=.gpu/data/cudalign
source .gpu/env.sh
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=$o/cache
levcl --variant bitpar $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz
levcl --variant bitpar $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz
ls -la $o/cache
which ptxas cuobjdump nvdisasm
for f in $o/cache/*; do
  head -c 300 "$f" | strings | head -3
  if grep -q "bitpar" "$f" && grep -aq ".target" "$f"; then
    b=$(basename $f); cp "$f" $o/$b.ptx
    ptxas -arch=sm_90 -v -o $o/$b.cubin $o/$b.ptx > $o/$b.ptxas.txt 2>&1; tail -3 $o/$b.ptxas.txt
    cuobjdump -sass $o/$b.cubin > $o/$b.sass 2>&1; wc -l $o/$b.sass
  fi
done
rm -rf $o/cache
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
