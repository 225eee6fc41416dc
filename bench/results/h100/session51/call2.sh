# Session 51 call 2: wfa-batch's workgroup (wg) and fronts under auto on the SARS-CoV-2
# all-vs-all and two other batches of similar pairs (this stop's build, .gpu); 10^6 pairs of
# 150 bp again beside the build before (.gpu-base), alternating (call 1: 21.4 against 30.0 ms).
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
for r in 1 2; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-short-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b r$r 10^6 x 150: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
for cfg in "wg=128" "wg=32" "wg=64" "wg=256" "wg=32 local=1 front=256" "wg=64 local=1 front=512" "wg=128 local=1 front=512"; do
  ps=""; for p in $cfg; do ps="$ps --param wfa-batch.$p"; done
  n=$o/$(echo $cfg | tr ' =' '_-')
  timeout 150 levcl-bench --variants auto --peers none --repeat 3 $ps --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz \
    --batch synthetic:100000:10000:0.99 --batch synthetic:1000:100000:0.995 -o $n > /dev/null 2>&1
  echo "$cfg:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9
done
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
