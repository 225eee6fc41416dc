# Session 37 call 1: where the SARS-CoV-2 all-vs-all's kernels go (per launch), the short-pair batch by chunk size,
# a fresh host's first distance with timestamps, and NVIDIA's build time by optimisation level.
source .gpu/env.sh
o=$OUT/m1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }
prof() {  # NAME COMMAND...
  local s=$EPOCHREALTIME
  echo "$s start" > $o/prof-$1.log
  { "${@:2}" 2>&1 >/dev/null | stamp >> $o/prof-$1.log; }
  awk -v a=$s -v b=$EPOCHREALTIME -v n=$1 'BEGIN{printf "%s: %.3f s\n", n, b-a}' >> $o/prof.txt
}
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
fresh=$(mktemp -d)
export LEVCL_CACHE_DIR=$fresh/c0 CUDA_CACHE_PATH=$fresh/j0
prof list0 levcl -vv --list-devices
prof hiv-cold levcl -vv $hiv
prof hiv-warm levcl -vv $hiv
for lvl in 0 1 2 3; do
  export LEVCL_CACHE_DIR=$fresh/c$lvl-o CUDA_CACHE_PATH=$fresh/j$lvl-o LEVCL_BUILD_OPTIONS="-cl-nv-opt-level=$lvl"
  prof hiv-opt$lvl levcl -vv $hiv
done
unset LEVCL_BUILD_OPTIONS
export LEVCL_CACHE_DIR=/tmp/levcl-cache CUDA_CACHE_PATH=/tmp/cuda-cache
for p in "" "persistent.local=0" "persistent.local=256"; do
  t=sars${p:+-${p#persistent.}}
  levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --variants auto --peers none --repeat 2 -vv \
    ${p:+--param $p} -o $o/$t > $o/$t.log 2>&1
done
for c in 0 262144 131072 65536 32768; do
  levcl-bench --batch synthetic:1000000:150:0.95 --variants auto --peers none --repeat 5 -vv \
    $([ $c != 0 ] && echo "--param batch-bitpar.chunk=$c") -o $o/short-$c > $o/short-$c.log 2>&1
done
cat $o/prof.txt
grep -h "levcl-bench: .*levcl auto" $o/*.log
grep -h "persistent:\|wavefront trial\|distances of\|batch-bitpar: [0-9]* pairs;" $o/sars.log | tail -14
for c in 0 262144 131072 65536 32768; do echo "chunk $c"; grep -h "host ms\|distances of\|auto:" $o/short-$c.log | tail -3; done
cd $OUT && tar czf m1.tgz m1 && rm -rf m1
