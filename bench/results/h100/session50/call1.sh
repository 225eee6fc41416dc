# Session 50 call 1: the host's floor for a batch's gather (2e6 heap strings of 150 bytes into
# one buffer, by thread count) and batch-bitpar's phases on 10^6 pairs of 150 bp, by levcl's threads.
o=$OUT/c1; mkdir -p $o
export LEVCL_DEVICE=nvidia
nproc > $o/nproc.txt; lscpu > $o/lscpu.txt 2>&1
.gpu/tools/gatherbench > $o/gather.txt 2>&1
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  for t in 0 8; do
    levcl-bench --variants auto --peers none --repeat 5 --threads $t --batch synthetic:1000000:150:0.95 -o $o/b$t -vv 2> $o/b$t.log >/dev/null
    grep -h '^| ' $o/b$t.md | cut -d'|' -f2-8
    grep 'host ms\|distances of' $o/b$t.log | tail -4
  done )
cat $o/gather.txt
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
