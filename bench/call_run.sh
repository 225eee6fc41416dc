# What a device call's script (bench/results/DEVICE/sessionNN/callN.sh) sources, from the
# repository root on the GPU host, once it has set o, its output folder: the bundle's builds
# unpacked where they came packed (.gpu/pack.tar.xz, under the carry's limit), the GPU chosen,
# the data's pairs named ($hiv, $ecoli), and
#   run TAG BUILD ARGS...   levcl-bench ARGS (peers none, -vv) by the build under test (BUILD
#                           new: .gpu) or one bundled beside it (.gpu/BUILD), each with a
#                           binary cache of its own: $o/TAG.md, .csv and .log, the rows' times
#                           printed (or a nonzero exit code);
#   gpu_tests REGEX         the GPU tests whose entries match REGEX (tests/gpu_suite.sh) into
#                           $o/tests, their verdicts printed;
#   pack_results            $o's logs compressed, $o tarred beside it (at most 8 files come back).
if [ -f .gpu/pack.tar.xz ]; then (cd .gpu && tar xJf pack.tar.xz && rm pack.tar.xz); fi
export LEVCL_DEVICE=nvidia
d=.gpu/data
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
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
gpu_tests() {
  (JOBS=3 ONLY="$1" timeout 240 bash tests/gpu_suite.sh "$o/tests" >/dev/null 2>&1)
  grep -E "passed|FAILED" "$o/tests/tests.txt" | tail -12
  rm -rf "$o"/tests/cache-*
}
pack_results() {
  rm -f "$o"/*.png
  gzip "$o"/*.log
  (cd "$(dirname "$o")" && tar czf "$(basename "$o").tgz" "$(basename "$o")" && rm -rf "$(basename "$o")")
}
