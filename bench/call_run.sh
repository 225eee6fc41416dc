# What a device call's script (bench/results/DEVICE/sessionNN/callN.sh) sources, from the
# repository root on the GPU host: `run TAG BUILD ARGS...` runs levcl-bench ARGS (peers none,
# -vv) by the build under test (BUILD new: .gpu) or one bundled beside it (.gpu/BUILD), each
# with a binary cache of its own, writes $o/TAG.md, .csv and .log, and prints the rows'
# times (or a nonzero exit code). The script sets o, its output folder.
run() {
  local tag=$1 build=$2
  shift 2
  (
    source .gpu/env.sh
    [ "$build" = new ] || source ".gpu/$build/env.sh"
    export LEVCL_CACHE_DIR=/tmp/cache_$build
    timeout "${RUN_LIMIT:-150}" levcl-bench --peers none "$@" -o "$o/$tag" -vv 2>"$o/$tag.log" >/dev/null
    echo "rc $?" >>"$o/$tag.log"
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" "$o/$tag.log" | sed "s/^/$tag: /; s/ GCUPS.*//"
  )
}
