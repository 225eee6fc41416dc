# Session 50 call 2: batch-bitpar's pairs that bring their own strings placed in one pass (no
# claims), bases packed 32 at a time (AVX2), collect's wait apart; beside the build before
# (c2083cd, .gpu-base), alternating; the batch GPU tests; the gather's streaming stores.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
JOBS=4 ONLY="batch" timeout 240 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
.gpu/tools/gb2 > $o/gb2.txt 2>&1; cat $o/gb2.txt
for r in 1 2; do for b in gpu-base gpu gpu:1; do
  ( v=${b#*:}; [ "$v" = "$b" ] && v=0; b=${b%:*}; source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-bases$v-$r
    timeout 100 levcl-bench --variants auto --peers none --repeat 5 --param batch-bitpar.bases=$v \
      --batch synthetic:1000000:150:0.95 -o $n -vv 2> $n.log >/dev/null
    echo "$b bases=$v: $(grep -h '^| synth' $n.md | cut -d'|' -f6)"; grep 'host ms' $n.log | tail -1 )
done; done
for b in gpu-base gpu gpu:1; do
  ( v=${b#*:}; [ "$v" = "$b" ] && v=0; b=${b%:*}; source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    n=$o/$b-bases$v-other
    timeout 120 levcl-bench --variants auto --peers none --repeat 3 --param batch-bitpar.bases=$v \
      --batch all-vs-all:$d/sarscov2/ncov_example_418.fa.gz --batch synthetic:100000:10000:0.9 -o $n > /dev/null 2>&1
    echo "$b bases=$v:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6 )
done
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
