# Session 51 call 6: the stop's final build (137e976, .gpu) beside the build before (31eff71,
# .gpu-base) on another host instance, alternating: 10^6 pairs of 150 bp (four rounds) and the
# SARS-CoV-2 all-vs-all (two rounds).
o=$OUT/c6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
for r in 1 2 3 4; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-short-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b r$r: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
for r in 1 2; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-sars-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 3 --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz -o $n > /dev/null 2>&1
    echo "$b r$r: $(grep -h '^| all' $n.md | cut -d'|' -f6,9)" )
done; done
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
