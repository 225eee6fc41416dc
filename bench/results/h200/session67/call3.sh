# Session 67 call 3 (the build of e7768a0): persistent's programs for the HIV-1 pair (its top
# level's, 132 workgroups sharing its columns out in local memory, and groups=1's, global
# columns) as NVIDIA's OpenCL cached them (PTX, a NUL at its end), through ptxas for sm_90
# and cuobjdump: registers and the machine code of a step. (Run as two commands in the
# session; the second added the NUL's removal.)
o=$OUT/c3; mkdir -p $o; d=.gpu/data
source .gpu/env.sh
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache_sass
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
levcl --variant persistent -v $hiv 2>&1 | tail -2
levcl --variant persistent --param groups=1 -v $hiv 2>&1 | tail -1
cd /tmp/cache_sass
for f in wfa_persistent-*.bin; do
  b=${f%.bin}
  tail -n +5 $f | tr -d '\000' > $b.ptx  # the cache entry's four header lines off
  ptxas -arch=sm_90 -v $b.ptx -o $b.cubin > $b.ptxas.txt 2>&1; tail -3 $b.ptxas.txt
  cuobjdump -sass $b.cubin > $b.sass; wc -l $b.sass
done
tar czf $OUT/sass.tgz *.sass *.ptxas.txt
