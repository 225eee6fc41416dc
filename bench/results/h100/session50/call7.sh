# Session 50 call 7: the stop's final build (bases by default) beside the build before
# (c2083cd, .gpu-base), alternating: 10^6 pairs of 150 bp (three rounds), the other batch rows
# (two), 10^4 alignments of 10 kbp at 90% (one).
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
for r in 1 2 3; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-short-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 9 --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b r$r: $(grep -h '^| synth' $n.md | cut -d'|' -f6)  $(grep 'host ms' $n.log | tail -1 | sed 's/.*host ms: //')" )
done; done
for r in 1 2; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-other-$r
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 \
      --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz --batch synthetic:100000:10000:0.9 --batch synthetic:2000:30000:0.9 -o $n > /dev/null 2>&1
    echo "$b r$r:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,10 )
done; done
for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-align
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 --align --batch synthetic:10000:10000:0.9 -o $n > /dev/null 2>&1
    echo "$b align:"; grep -h '^| synth' $n.md | cut -d'|' -f2,4,6 )
done
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
