#!/usr/bin/env bash
# Runs the test programs on a GPU host from a bundle (README: "Running on a GPU host"),
# every variant's entries as ctest makes them, and writes the log to OUT/tests.txt.
#   here:          ../shared/device/bundle .gpu build/tools/* build/tests/test_* (and copy
#                  ../shared/data/cudalign/NC_00{0898,7605}.1.fa.gz into .gpu/data/cudalign)
#   on the host:   bash tests/gpu_suite.sh OUT      (from the repository root)
# test_install_package is not run: it builds an outside project, and the host has no
# OpenCL headers or Debian packages.
set -uo pipefail
out=${1:?usage: gpu_suite.sh OUT}
mkdir -p "$out"
source .gpu/env.sh
export LEVCL_DEVICE=${LEVCL_DEVICE:-nvidia}
export LEVCL_SAMPLE_DIR=$PWD/data LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
export LEVCL_CLI=$PWD/.gpu/bin/levcl LEVCL_TUNE=$PWD/.gpu/bin/levcl-tune LEVCL_BENCH=$PWD/.gpu/bin/levcl-bench
export LEVCL_PLOT_TUNING=$PWD/tuning/plot_tuning.py LEVCL_CACHE_DIR=$out/cache
log=$out/tests.txt
failed=0
run() {  # NAME COMMAND...
  local start=$SECONDS
  "${@:2}" >"$out/$1.log" 2>&1
  local status=$?
  printf '%-40s %s %4d s\n' "$1" "$([ $status = 0 ] && echo passed || echo "FAILED ($status)")" $((SECONDS - start)) | tee -a "$log"
  [ $status = 0 ] || { failed=$((failed + 1)); tail -n 30 "$out/$1.log" >>"$log"; }
}
echo "levcl test suite on $(levcl --list-devices | grep '^\*'), $(date -u +%FT%TZ)" | tee "$log"
for variant in $(test_variants --list-variants); do
  run "test_variant_$variant" test_variants --variant="$variant" "--test-case-exclude=HHV*"
  run "test_variant_${variant}_hhv" test_variants --variant="$variant" "--test-case=HHV*" --no-skip
done
for program in .gpu/bin/test_*; do
  name=$(basename "$program")
  [ "$name" = test_variants ] || run "$name" "$program"
done
echo "$failed failed" | tee -a "$log"
[ $failed = 0 ]
