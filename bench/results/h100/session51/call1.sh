# Session 51 call 1: auto's wavefront trial skipping the pairs its symbol counts put above
# its bound (d601236, .gpu) beside the build before (31eff71, .gpu-base): the SARS-CoV-2
# all-vs-all, alternating, three rounds (-vv in the first), the two builds' distances
# compared, 10^6 pairs of 150 bp once each (a path the change does not touch); the GPU tests
# of distances, divergence and the batch engines.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="distances|divergence|batch" timeout 200 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -12
rm -rf $o/tests/cache-*
for r in 1 2 3; do for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-sars-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 3 --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz -o $n $([ $r = 1 ] && echo -vv) 2> $n.log >/dev/null
    echo "$b r$r: $(grep -h '^| all' $n.md | cut -d'|' -f6,10)" )
done; done
for b in gpu-base gpu; do
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 60 levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/$b-sars.tsv 2> $o/$b-sars.err; echo "$b levcl rc=$? lines $(wc -l < $o/$b-sars.tsv)"
    n=$o/$b-short
    timeout 100 levcl-bench --variants auto --peers none --repeat 5 --batch synthetic:1000000:150:0.95 -o $n >/dev/null 2>&1
    echo "$b 10^6 x 150: $(grep -h '^| synth' $n.md | cut -d'|' -f6)" )
done
cmp $o/gpu-base-sars.tsv $o/gpu-sars.tsv && echo "distances identical"
gzip $o/*.tsv
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
