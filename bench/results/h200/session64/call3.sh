# Session 64 call 3: the chain step with the lane above's bits apart, meeting the step's first
# operation (chain.cu's variant 4 and bitpar.cl's steady groups), beside debc55d (.gpu/old) and
# beside itself with the masks fenced in (.gpu/b3), in turn, twice.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
( nvcc -O3 -arch=sm_90 -o /tmp/chain .gpu/chain.cu && /tmp/chain > $o/chain.txt 2>&1; cuobjdump -sass /tmp/chain | gzip > $o/chain.sass.gz ) > $o/nvcc.log 2>&1
cat $o/chain.txt
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD new runs .gpu, else .gpu/BUILD
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
( JOBS=3 ONLY="test_bitpar|test_variant_bitpar$|test_variant_bitpar_hhv|test_variant_bitpar_breakpoint|test_alignment$|test_context" timeout 300 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | tail -8; rm -rf $o/tests/cache-*
{
for k in 1 2; do
for b in new old b3; do
run s3m${k}_$b $b --variants bitpar --repeat 3 --lengths 3M --similarities 0.93
run mos${k}_$b $b --variants auto --repeat 3 --lengths 3M --similarities 0.9 --mosaic
run hhv${k}_$b $b --variants bitpar --repeat 9 $hhv
run cp51${k}_$b $b --variants bitpar --repeat 3 $cp51
run mot${k}_$b $b --variants auto --repeat 3 $mot
done
done
for b in new old; do run hiv_$b $b --variants bitpar --repeat 9 $hiv; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
for e in new old; do
  for f in /tmp/cache_$e/bitpar-*.bin; do
    python3 -c "import sys; b=open(sys.argv[1],'rb').read(); i=b.find(b'.version'); open(sys.argv[2],'wb').write(b[i:].split(b'\\0')[0])" $f /tmp/k.ptx
    n=$(basename $f .bin)
    ptxas -arch=sm_90 -v -O3 /tmp/k.ptx -o /tmp/k.cubin > $o/${e}_$n.ptxas.txt 2>&1
    cuobjdump -sass /tmp/k.cubin | gzip > $o/${e}_$n.sass.gz
  done
done
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
