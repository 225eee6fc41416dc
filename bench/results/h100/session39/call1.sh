# Session 39 call 1, on a fresh machine: the first calls with empty caches (bench/h100.sh coldstart) with auto's
# host engine while a program is cold (ColdPrograms), then the old path beside it (a named variant builds), then tests.
source .gpu/env.sh
o=$OUT/c1; mkdir -p $o; d=.gpu/data
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
timed "HIV-1 auto, fresh caches" a1 levcl -vv --json "${hiv[@]}"
timed "HIV-1 --variant bitpar, fresh caches (builds)" a2 levcl -vv --json --variant bitpar "${hiv[@]}"
timed "HIV-1 auto, bitpar cached" a2 levcl -vv --json "${hiv[@]}"
timed "HHV-6B x EBV auto, fresh caches" a3 levcl -vv --json "${hhv[@]}"
timed "HHV-6B x EBV auto, again" a3 levcl -vv --json "${hhv[@]}"
timed "HHV-6B x EBV --variant cpu-bitpar" a3 levcl -vv --json --variant cpu-bitpar "${hhv[@]}"
grep -E "^[A-Za-z].*: [0-9.]+ s|built .* in|not built|auto:" $log > $o/coldstart-more-summary.txt
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in test_context test_cli test_distances; do s=$SECONDS; timeout 200 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
s=$SECONDS; timeout 200 test_variants --variant=auto --test-case='distance:*' > $o/test_variants_auto.txt 2>&1; echo "test_variants auto: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
