#!/usr/bin/env bash
# The H100 measurements of issues 2 and 3: exactness of every variant on the GPU, then
# end-to-end times of the paper's variants on its motivating example
# (cudalign/BA000035.2 x BX927147.1, distance 1,528,200).
#
# Run on the GPU host from the repository root, after bundling (see README):
#   source .gpu/env.sh; bash tuning/h100_variants.sh tests|fast|slow OUTDIR
# .gpu/bin holds levcl and the test programs, .gpu/data the cudalign pairs.
set -u
phase=$1 out=$2
mkdir -p "$out"
export LEVCL_DEVICE=${LEVCL_DEVICE:-nvidia} LEVCL_CACHE_DIR=${LEVCL_CACHE_DIR:-/tmp/levcl-cache}
export LEVCL_SAMPLE_DIR=$PWD/data LEVCL_TEST_DATA_DIR=$PWD/.gpu/data RUN_TIMEOUT=${RUN_TIMEOUT:-150}
data=.gpu/data/cudalign
big=("$data/BA000035.2.fa.gz" "$data/BX927147.1.fa.gz" 1528200)
mid=("$data/NC_000898.1.fa.gz" "$data/NC_007605.1.fa.gz" 92254)
variants() { python3 tuning/run_variants.py "$out/$1.jsonl" "${@:2}"; }

case $phase in
  tests)
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,memory.total --format=csv | tee "$out/device.txt"
    levcl --list-devices | tee -a "$out/device.txt"
    for t in test_wfa_column test_wfa_band test_antidiagonal test_real_pairs; do
      timeout 200 "$t" 2>&1 | tail -4 | tee -a "$out/tests.txt"
    done
    all=()
    while read -r name _; do all+=("$name"); done < <(levcl --list-variants | grep -v '^cpu-dp')
    variants mid "${mid[@]}" "${all[@]}"
    ;;
  fast)
    # diamond=0 reproduces the paper's progression; diamond=1 is its last step (and our default).
    variants big "${big[@]}" \
      "minreads wg=128 diamond=0" "minreads wg=256 diamond=0" "minreads wg=128" \
      "prefetch wg=128 diamond=0" \
      "tile-global tile=2 wg=128 diamond=0" "tile-private tile=3 wg=128 diamond=0" \
      "tile-local tile=2 wg=224 diamond=0" "tile-local tile=2 wg=64" \
      "pwg tile=190 diamond=0" "pwg tile=190" "pwg tile=127" "pwg tile=63" "pwg tile=31" "pwg tile=255" \
      "antidiagonal wg=256"
    ;;
  probe)
    # Why NVIDIA refuses workgroups over 256: the kernel's own limit, with and without a
    # register cap (LEVCL_BUILD_OPTIONS), on the HIV pair.
    for opts in "" "-cl-nv-maxrregcount=64" "-cl-nv-maxrregcount=32"; do
      for v in "pwg --param tile=190" "minreads --param wg=512" "antidiagonal --param wg=512"; do
        echo "== LEVCL_BUILD_OPTIONS='$opts' $v"
        LEVCL_BUILD_OPTIONS=$opts levcl -vv --variant $v data/AF133821.1.fa.gz data/AY352275.1.fa.gz 2>&1 | grep -E 'kernel |error|^[0-9]'
      done
    done 2>&1 | tee "$out/probe.txt"
    ;;
  unattributed)
    # The same kernels without reqd_work_group_size: does the 256 limit go with it?
    mkdir -p /tmp/unattributed
    for f in cl/*.cl; do sed 's/__attribute__((reqd_work_group_size([^)]*)))//' "$f" >/tmp/unattributed/"${f##*/}"; done
    for v in "pwg --param tile=190" "minreads --param wg=512" "antidiagonal --param wg=512"; do
      echo "== unattributed $v"
      LEVCL_KERNEL_DIR=/tmp/unattributed levcl -vv --variant $v data/AF133821.1.fa.gz data/AY352275.1.fa.gz 2>&1 | grep -E 'kernel |error|^[0-9]'
    done 2>&1 | tee "$out/unattributed.txt"
    LEVCL_KERNEL_DIR=/tmp/unattributed variants unattributed "${big[@]}" "pwg tile=190" "pwg tile=255" "pwg tile=190 diamond=0" "baseline wg=380 diamond=0"
    ;;
  wide)
    # Workgroups over 256, which NVIDIA's kernel query advises against but runs.
    wg_probe | tee "$out/wg_probe.txt"
    variants wide "${big[@]}" \
      "pwg tile=190 diamond=0" "pwg tile=190" "pwg tile=255" "pwg tile=383" "pwg tile=511" \
      "minreads wg=512 diamond=0" "minreads wg=1024 diamond=0" "tile-private tile=3 wg=512 diamond=0" \
      "baseline wg=380 diamond=0"
    ;;
  restrict)
    # After declaring the strings restrict (read-only cache); run again after wfa_pwg.cl
    # worked out each diagonal's live radii once (OUT names the run).
    variants "restrict${SUFFIX:-}" "${big[@]}" \
      "pwg tile=190" "pwg tile=255" "pwg tile=127" "pwg tile=190 diamond=0" "minreads wg=128 diamond=0" \
      "tile-private tile=3 wg=128 diamond=0" "tile-local tile=2 wg=224 diamond=0"
    ;;
  final)
    # The kernels as committed: exactness of the band family, then the best configurations.
    for t in test_wfa_band test_real_pairs; do timeout 150 "$t" 2>&1 | tail -3; done | tee "$out/final_tests.txt"
    variants final "${big[@]}" "pwg tile=127" "pwg tile=190" "pwg tile=190 diamond=0" "tile-private tile=3 wg=128 diamond=0"
    ;;
  slow)
    variants big "${big[@]}" \
      "baseline wg=380 diamond=0" "baseline wg=128 diamond=0" "dynamic wg=128 diamond=0" "dynamic wg=256 diamond=0"
    ;;
esac
