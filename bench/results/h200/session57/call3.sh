# Session 57 call 3: what the chunked layout costs narrow fronts, by kernel source
# (LEVCL_KERNEL_DIR, one build .gpu): k0 as call 2, k1 chunks found from scalars (no arrays),
# k3 the exchange's barrier only with several chunks, k4 both; the build before (.gpu-base)
# beside them, twice.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
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
  for k in k0 k1 k3 k4; do run gpu $k r$r --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.99,0.999 $eco; done
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in $o/*r1.log; do echo "$f: $(grep -h 'kernel wfa_persistent:' $f | sort -u | tr '\n' ' ')"; done
gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
