# Session 41 call 10 (9090b34): alignments of 10^4 pairs of 10 kbp at 90% beside the peers
# (edlib's and WFA2-lib's paths, one aligner per thread on 16 threads).
o=$OUT/s10; mkdir -p $o
export LEVCL_DEVICE=nvidia
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-now
timeout 400 levcl-bench --align --batch synthetic:10000:10000:0.9 --variants auto --repeat 3 --time-limit 120 -o $o/align-peers > $o/align-peers.log 2>&1
echo "exit $?" >> $o/align-peers.log
cat $o/align-peers.md
cd $OUT && tar czf s10.tgz s10 && rm -rf s10
