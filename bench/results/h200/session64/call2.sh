# Session 64 call 2: a lone warp's column step with its masks loaded before a run's steps
# (chain.cu, fenced); the SASS of bitpar's kernels as NVIDIA builds them; the own-slots kernel
# with the masks fenced in beside debc55d (.gpu/old), in turn, twice.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
( nvcc -O3 -arch=sm_90 -o /tmp/chain .gpu/chain.cu && /tmp/chain > $o/chain.txt 2>&1; cuobjdump -sass /tmp/chain | gzip > $o/chain.sass.gz ) > $o/nvcc.log 2>&1
cat $o/chain.txt
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar$|test_variant_bitpar_hhv" timeout 240 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for k in 1 2; do
for b in new old; do
run s3m${k}_$b $b --variants bitpar --repeat 3 --lengths 3M --similarities 0.93
run mos${k}_$b $b --variants auto --repeat 3 --lengths 3M --similarities 0.9 --mosaic
run hhv${k}_$b $b --variants bitpar --repeat 9 $hhv
run cp51${k}_$b $b --variants bitpar --repeat 3 $cp51
done
done
for b in new old; do run hiv_$b $b --variants bitpar --repeat 9 $hiv; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
# NVIDIA's binaries of bitpar are PTX: their SASS as ptxas builds them for sm_90
for e in new old; do
  for f in /tmp/cache_$e/bitpar-*.bin; do
    python3 -c "import sys; b=open(sys.argv[1],'rb').read(); i=b.find(b'.version'); open(sys.argv[2],'wb').write(b[i:].split(b'\\0')[0])" $f /tmp/k.ptx
    n=$(basename $f .bin)
    ptxas -arch=sm_90 -v -O3 /tmp/k.ptx -o /tmp/k.cubin > $o/${e}_$n.ptxas.txt 2>&1
    cuobjdump -sass /tmp/k.cubin | gzip > $o/${e}_$n.sass.gz
    gzip -c /tmp/k.ptx > $o/${e}_$n.ptx.gz
  done
done
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
