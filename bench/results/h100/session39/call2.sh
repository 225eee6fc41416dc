# Session 39 call 2, on a fresh machine: the first calls with empty caches (bench/h100.sh coldstart) with bitpar's
# quicker build (unroll 0) while its program is cold; then the GPU tests of the change; then bitpar's unroll 0 and
# 1 side by side on the divergent genome pairs (the quick build's kernel cost).
source .gpu/env.sh
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_SAMPLE_DIR=$PWD/data LEVCL_CLI=$PWD/.gpu/bin/levcl
bash bench/h100.sh coldstart $o
fresh=$(mktemp -d); log=$o/coldstart-more.txt
timed() {  # LABEL CACHE COMMAND...
  local start=$EPOCHREALTIME status=0
  LEVCL_CACHE_DIR=$fresh/$2 CUDA_CACHE_PATH=$fresh/$2-cuda "${@:3}" 2>>"$log" >>$o/outputs.txt || status=$?
  awk -v a="$start" -v b="$EPOCHREALTIME" -v l="$1" -v s="$status" 'BEGIN { printf "%s: %.3f s%s\n", l, b - a, s == 0 ? "" : " (exit " s ")" }' >>"$log"
}
hiv=("$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz")
hhv=("$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz")
timed "HHV-6B x EBV auto, fresh caches (quick build)" a3 levcl -vv --json "${hhv[@]}"
timed "HHV-6B x EBV auto, again (quick build cached)" a3 levcl -vv --json "${hhv[@]}"
timed "HHV-6B x EBV --variant bitpar, fresh caches (unroll 1 builds)" a4 levcl -vv --json --variant bitpar "${hhv[@]}"
timed "HHV-6B x EBV alignment (PAF), fresh caches" a5 levcl -vv --format paf "${hhv[@]}"
timed "HIV-1 auto, fresh caches" a6 levcl -vv --json "${hiv[@]}"
grep -E "^[A-Za-z].*: [0-9.]+ s|built .* in|not built|quicker|auto:" $log | cut -c1-400 > $o/coldstart-more-summary.txt
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_context" "test_bitpar" "test_alignment" "test_variants --variant=bitpar --test-case=distance:*" "test_variants --variant=bitpar --test-case=breakpoint:*" "test_alignment --test-case=HHV* --no-skip"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 300 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
divergent=("${hhv[@]}" $d/cudalign/NC_003064.2.fa.gz $d/cudalign/NC_000914.1.fa.gz $d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz $d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz)
for u in 1 0; do
  levcl-bench --variants bitpar --param bitpar.unroll=$u --peers none --repeat 3 --row-budget 8 -o $o/bitpar-unroll$u "${divergent[@]}" 2>&1 | grep "levcl-bench: .*: levcl"
done > $o/unroll.txt
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
