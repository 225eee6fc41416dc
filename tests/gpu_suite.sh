#!/usr/bin/env bash
# Runs the test programs on a GPU host from a bundle (README: "Running on a GPU host"),
# every variant's entries as ctest makes them (tests/variant_tests.cmake), JOBS at a time
# (default 4: they share the GPU), and writes the log to OUT/tests.txt. ONLY=REGEX runs the
# entries whose names match it (grep -E), e.g. after a change to one family.
#   here:          ../shared/device/bundle .gpu build/tools/* build/tests/test_* \
#                    $(command -v samtools minimap2)     (test_cli_batch checks levcl's SAM and PAF with them)
#                  and copy ../shared/data/cudalign/NC_00{0898,7605}.1.fa.gz and ecoli/ into .gpu/data
#   on the host:   bash tests/gpu_suite.sh OUT      (from the repository root)
# test_install_package and the Python tests are not run: they build or import against the
# Debian packages, which the host lacks.
set -uo pipefail
out=${1:?usage: gpu_suite.sh OUT}
jobs=${JOBS:-4}
mkdir -p "$out"
source .gpu/env.sh
export LEVCL_DEVICE=${LEVCL_DEVICE:-nvidia}
export LEVCL_SAMPLE_DIR=$PWD/data LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
export LEVCL_CLI=$PWD/.gpu/bin/levcl LEVCL_TUNE=$PWD/.gpu/bin/levcl-tune LEVCL_BENCH=$PWD/.gpu/bin/levcl-bench
export LEVCL_PLOT_TUNING=$PWD/tuning/plot_tuning.py
log=$out/tests.txt
run() {  # NAME COMMAND...: one entry, with a binary cache of its own as ctest gives it
  local start=$SECONDS
  LEVCL_CACHE_DIR=$out/cache-$1 "${@:2}" >"$out/$1.log" 2>&1
  local status=$?
  printf '%-44s %s %4d s\n' "$1" "$([ $status = 0 ] && echo passed || echo "FAILED ($status)")" $((SECONDS - start)) >>"$log"
  [ $status = 0 ] || tail -n 30 "$out/$1.log" >>"$log"
}
entries=()  # NAME|COMMAND ARGS, as variant_tests.cmake makes them, then the other programs
while read -r variant capabilities; do
  for capability in $capabilities; do
    if [ "$capability" = distance ]; then
      entries+=("test_variant_$variant|test_variants --variant=$variant --test-case=distance:*")
      entries+=("test_variant_${variant}_hhv|test_variants --variant=$variant --test-case=HHV* --no-skip")
    else
      entries+=("test_variant_${variant}_$capability|test_variants --variant=$variant --test-case=$capability:*")
    fi
  done
done < <(test_variants --list-variants)
for program in .gpu/bin/test_*; do
  name=$(basename "$program")
  case $name in
    test_variants | test_mpi | test_devices) ;;  # mpirun, and POCL's two devices: CI's
    test_alignment) entries+=("test_alignment|test_alignment" "test_alignment_ecoli|test_alignment --test-case=E.coli* --no-skip"
                              "test_alignment_hhv|test_alignment --test-case=HHV* --no-skip") ;;
    *) entries+=("$name|$name") ;;
  esac
done
echo "levcl test suite on $(levcl --list-devices | grep '^\*'), $(date -u +%FT%TZ), $jobs at a time" >"$log"
if [ -n "${ONLY:-}" ]; then
  chosen=()
  for entry in "${entries[@]}"; do grep -Eq "$ONLY" <<<"${entry%%|*}" && chosen+=("$entry"); done
  entries=("${chosen[@]}")
fi
for entry in "${entries[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  (set -f; run "${entry%%|*}" ${entry#*|}) &  # no globbing: --test-case=distance:* is doctest's
done
wait
failed=$(grep -c ' FAILED ' "$log")
echo "${#entries[@]} entries, $failed failed" | tee -a "$log"
[ "$failed" = 0 ]
