# Session 57 call 4: narrow fronts by kernel source on the new build (.gpu, LEVCL_KERNEL_DIR):
# kh the kernel before the session (072abaf's cl/), k4 call 3's, k5 k4 with one chunk's block
# bounds the workgroup's (as before chunks); the build before (.gpu-base) beside them, twice;
# then ptxas -v on the programs' PTX (registers, spills).
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # BUILD KERNELS TAG ARGS...
  local b=$1 k=$2 t=$3; shift 3
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b-$k
    [ $k = none ] || export LEVCL_KERNEL_DIR=$PWD/.gpu/$k
    timeout 100 levcl-bench --peers none "$@" -o $o/$b-$k-$t -vv 2> $o/$b-$k-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$k-$t.log | sed "s/^/$b $k $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for r in 1 2; do
  run gpu-base none r$r --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.99,0.999 $eco
  for k in kh k4 k5; do run gpu $k r$r --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.99,0.999 $eco; done
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
export PATH=$PATH:/usr/local/cuda/bin
which ptxas > $o/ptxas.txt 2>&1
for c in /tmp/cache-gpu-base-none /tmp/cache-gpu-kh /tmp/cache-gpu-k4 /tmp/cache-gpu-k5; do
  for f in $(ls $c/wfa_persistent* 2>/dev/null); do
    sed -n '/^\/\//,$p' $f > /tmp/x.ptx
    echo "$c $(basename $f) $(ptxas -arch=sm_90 -v /tmp/x.ptx -o /tmp/x.cubin 2>&1 | grep -E 'registers|spill' | tr '\n' ' ')" >> $o/ptxas.txt
  done
done
cat $o/ptxas.txt
gzip $o/*.log
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
