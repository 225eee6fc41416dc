# Session 51 call 4: the stop's final build (.gpu, ddb350c) beside the build before
# (31eff71, .gpu-base), alternating: 10^6 pairs of 150 bp (three rounds, -vv), the other batch
# rows (two rounds; SARS-CoV-2 with -vv), 10^4 alignments of 10 kbp; the SARS-CoV-2
# distances of both builds compared; the 10^6 row beside edlib and WFA2-lib on all host
# threads; the symbol counts' probe (418 random strings of 29.8 kbp); the GPU tests of the
# batch engines, distances, the wavefront engines and alignment.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch|distances|divergence|wfa|align" timeout 300 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -24
rm -rf $o/tests/cache-*
( source .gpu/env.sh; .gpu/tools/symbol_counts_probe > $o/symbol_counts_probe.txt; cat $o/symbol_counts_probe.txt )
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
      --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz --batch synthetic:100000:10000:0.9 --batch synthetic:2000:30000:0.9 -o $n $([ $r = 1 ] && echo -vv) 2> $n.log > /dev/null
    echo "$b r$r:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
done; done
for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 60 levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/$b-sars.tsv 2> $o/$b-sars.err; echo "$b levcl rc=$?"
    n=$o/$b-align
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 --align --batch synthetic:10000:10000:0.9 -o $n > /dev/null 2>&1
    echo "$b align:"; grep -h '^| synth' $n.md | cut -d'|' -f2,4,6 )
done
cmp $o/gpu-base-sars.tsv $o/gpu-sars.tsv && echo "SARS-CoV-2 distances identical"
gzip $o/*.tsv
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 200 levcl-bench --variants auto --peers edlib,wfa2 --repeat 3 --batch synthetic:1000000:150:0.95 -o $o/peers > $o/peers.out 2>&1
  grep -h '^| synth' $o/peers.md | cut -d'|' -f2-8,12 )
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
