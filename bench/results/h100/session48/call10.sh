# Session 48 call 10: issue 24's batch rows with the stop's final build (89f60e2): 10^6 pairs
# of 150 bp at 95%, 10^5 pairs of 10 kbp at 90%, the SARS-CoV-2 all-vs-all (87,153 pairs).
o=$OUT/c10; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  for r in 1 2; do
    timeout 200 levcl-bench --batch synthetic:1000000:150:0.95 --batch synthetic:100000:10000:0.9 \
      --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --variants auto --peers none --repeat 3 -o $o/batches$r -vv \
      2> $o/batches$r.log >/dev/null
    grep -hE "levcl-bench: .*levcl" $o/batches$r.log | sed "s/^/round $r: /"
  done )
cd $OUT && tar czf c10.tgz c10 && rm -rf c10
