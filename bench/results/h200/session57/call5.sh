# Session 57 call 5: narrow fronts by kernel source on the new build (.gpu, LEVCL_KERNEL_DIR):
# kh the kernel before the session, k5 call 4's, kB k5 with the exchange of one chunk as
# before (valid for one chunk only: narrow rows alone), kC k5 with the exchange's loops over
# CHUNKS unrolled; the build before beside them, twice; ptxas -v on their PTX.
o=$OUT/c5; mkdir -p $o; d=.gpu/data
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
  run gpu-base none r$r --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
  for k in kh k5 kB kC; do run gpu $k r$r --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.999 $eco; done
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
export PATH=$PATH:/usr/local/cuda/bin
for c in /tmp/cache-gpu-kh /tmp/cache-gpu-k5 /tmp/cache-gpu-kB /tmp/cache-gpu-kC; do
  for f in $(ls $c/wfa_persistent* 2>/dev/null); do
    tail -n +5 $f > /tmp/x.ptx; opts=$(sed -n 2p $f | grep -o "DWG=[0-9]*\|DLOCAL_COLUMNS=[0-9]*" | tr '\n' ' ')
    echo "$c $opts $(ptxas -arch=sm_90 -v /tmp/x.ptx -o /tmp/x.cubin 2>&1 | grep -E 'registers|spill|rror' | tr '\n' ' ' | cut -c1-300)" >> $o/ptxas.txt
  done
done
cat $o/ptxas.txt
gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
