# Session 38 call 2: (a) bitpar.cl's build with its steady groups' match masks fetched 8 or 16 steps at a time
# (bp8, bp16; the group's loop not unrolled) beside now, and their kernels; (b) wfa-batch: auto's trial leaves a
# pair halfway where its pace runs above the bound (w0: that alone; now: also the first byte compared alone
# before words) beside the kernel before (base), the GPU tests, the command's SARS-CoV-2 distances.
source .gpu/env.sh
o=$OUT/m2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
fresh=$(mktemp -d); log=$o/coldstart.txt
timed() {  # LABEL CACHE KERNELDIR COMMAND...
  local start=$EPOCHREALTIME status=0
  LEVCL_KERNEL_DIR=$3 LEVCL_CACHE_DIR=$fresh/$2 CUDA_CACHE_PATH=$fresh/$2-cuda "${@:4}" 2>>"$log" >/dev/null || status=$?
  awk -v a="$start" -v b="$EPOCHREALTIME" -v l="$1" -v s="$status" 'BEGIN { printf "%s: %.3f s%s\n", l, b - a, s == 0 ? "" : " (exit " s ")" }' >>"$log"
}
hiv=("$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz")
timed "list" c0 "" levcl --list-devices
timed "HIV bitpar now" c1 "" levcl -vv "${hiv[@]}"
timed "HIV bitpar bp8" c2 $PWD/.gpu/k/bp8 levcl -vv "${hiv[@]}"
timed "HIV bitpar bp16" c3 $PWD/.gpu/k/bp16 levcl -vv "${hiv[@]}"
timed "HIV bitpar now again" c4 "" levcl -vv "${hiv[@]}"
timed "HIV bitpar bp8 again" c5 $PWD/.gpu/k/bp8 levcl -vv "${hiv[@]}"
grep -E "^[a-zA-Z].*: [0-9.]+ s|built .* in" $log > $o/coldstart-summary.txt
hhv=("$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz")
plasmids=("$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz")
chlamydia=("$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz")
motivating=("$d/cudalign/BA000035.2.fa.gz" "$d/cudalign/BX927147.1.fa.gz")
for k in now bp8 bp16; do
  kd=; [ $k != now ] && kd=$PWD/.gpu/k/$k
  LEVCL_KERNEL_DIR=$kd LEVCL_CACHE_DIR=/tmp/cache-$k levcl-bench --variants bitpar --peers none --repeat 3 --row-budget 8 \
    -o $o/pairs-$k "${hhv[@]}" "${plasmids[@]}" "${chlamydia[@]}" "${motivating[@]}" 2>&1 | grep "levcl-bench: .*: levcl"
done > $o/pairs.txt
export LEVCL_CACHE_DIR=/tmp/cache-now
for t in test_wfa_batch test_distances; do s=$SECONDS; timeout 150 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/tests.txt
rm -f $o/sars-cli.tsv
for k in base w0 now; do
  kd=; [ $k != now ] && kd=$PWD/.gpu/k/$k
  export LEVCL_KERNEL_DIR=$kd LEVCL_CACHE_DIR=/tmp/cache-$k
  levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --variants auto --peers none --repeat 5 -vv \
    -o $o/sars-$k 2> $o/sars-$k.log | grep "levcl-bench: .*: levcl"
  levcl-bench --batch synthetic:20000:30000:0.99 --batch synthetic:100000:10000:0.99 --batch synthetic:100000:10000:0.9 \
    --batch synthetic:1000:100000:0.995 --variants auto --peers none --repeat 3 -vv -o $o/batches-$k 2> $o/batches-$k.log \
    | grep "levcl-bench: .*: levcl"
done > $o/batches.txt 2>&1
unset LEVCL_KERNEL_DIR
mkdir -p $o/ptx && for f in $(grep -l "wfa_batch" -r /tmp/cache-now 2>/dev/null | head -4); do cp $f $o/ptx/; done
cd $OUT && tar czf m2.tgz m2 && rm -rf m2
