# Session 38 call 1: (a) a fresh host's first builds: a tiny program, bitpar.cl as it is, with one steady-group
# copy (bp1), without steady groups (bp0); their kernels on the genome pairs; (b) batch_bitpar_lanes with its
# loads fetched a run ahead (16 or 32 steps) beside the kernel before (old), on the batches it serves.
source .gpu/env.sh
o=$OUT/m1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
fresh=$(mktemp -d); log=$o/coldstart.txt
timed() {  # LABEL CACHE KERNELDIR COMMAND...
  local start=$EPOCHREALTIME status=0
  LEVCL_KERNEL_DIR=$3 LEVCL_CACHE_DIR=$fresh/$2 CUDA_CACHE_PATH=$fresh/$2-cuda "${@:4}" 2>>"$log" >/dev/null || status=$?
  awk -v a="$start" -v b="$EPOCHREALTIME" -v l="$1" -v s="$status" 'BEGIN { printf "%s: %.3f s%s\n", l, b - a, s == 0 ? "" : " (exit " s ")" }' >>"$log"
}
hiv=("$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz")
timed "list" c0 "" levcl --list-devices
timed "tiny antidiagonal" c1 "" levcl -vv --variant antidiagonal $d/tiny1.fa $d/tiny2.fa
timed "tiny antidiagonal again fresh" c2 "" levcl -vv --variant antidiagonal $d/tiny1.fa $d/tiny2.fa
timed "HIV bitpar now" c3 "" levcl -vv "${hiv[@]}"
timed "HIV bitpar bp1" c4 $PWD/.gpu/k/bp1 levcl -vv "${hiv[@]}"
timed "HIV bitpar bp0" c5 $PWD/.gpu/k/bp0 levcl -vv "${hiv[@]}"
timed "HIV bitpar now again fresh" c6 "" levcl -vv "${hiv[@]}"
timed "HIV bitpar now cached" c6 "" levcl -vv "${hiv[@]}"
timed "HIV wfa-batch (batch of one)" c7 "" levcl -vv --variant wfa-batch --query "${hiv[0]}" --targets "${hiv[1]}"
grep -E "^[a-zA-Z].*: [0-9.]+ s|built .* in" $log > $o/coldstart-summary.txt
hhv=("$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz")
plasmids=("$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz")
chlamydia=("$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz")
motivating=("$d/cudalign/BA000035.2.fa.gz" "$d/cudalign/BX927147.1.fa.gz")
for k in now bp1 bp0; do
  kd=; [ $k != now ] && kd=$PWD/.gpu/k/$k
  LEVCL_KERNEL_DIR=$kd LEVCL_CACHE_DIR=/tmp/cache-$k levcl-bench --variants bitpar --peers none --repeat 3 --row-budget 8 \
    -o $o/pairs-$k "${hhv[@]}" "${plasmids[@]}" "${chlamydia[@]}" "${motivating[@]}" 2>&1 | grep "levcl-bench: .*: levcl"
done > $o/pairs.txt
# (b) batches
s=$SECONDS; LEVCL_CACHE_DIR=/tmp/cache-now timeout 200 test_batch_bitpar > $o/test_batch_bitpar.txt 2>&1; echo "test_batch_bitpar: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt
LEVCL_CACHE_DIR=/tmp/cache-now levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/tests.txt
rm -f $o/sars-cli.tsv
for k in old now run32; do
  kd=; [ $k != now ] && kd=$PWD/.gpu/k/$k
  export LEVCL_KERNEL_DIR=$kd LEVCL_CACHE_DIR=/tmp/cache-$k
  levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:100000:10000:0.9 \
    --batch synthetic:122:30000:0.988 --batch synthetic:20000:30000:0.99 --variants auto --peers none --repeat 3 -vv \
    -o $o/batches-$k 2> $o/batches-$k.log | grep "levcl-bench: .*: levcl"
  levcl-bench --batch synthetic:100000:10000:0.9 --variants batch-bitpar --peers none --repeat 3 -o $o/bb-$k 2>&1 | grep "levcl-bench: .*: levcl"
done > $o/batches.txt 2>&1
cd $OUT && tar czf m1.tgz m1 && rm -rf m1
