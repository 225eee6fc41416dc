# Session 46 call 5: where the host's time of a batch alignment goes (10^4 pairs of 10 kbp at
# 90%, auto: persistent's breakpoints), the library's debug lines.
o=$OUT/c5; mkdir -p $o
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/env.sh
timeout 120 levcl-bench --batch synthetic:10000:10000:0.9 --align --variants auto --peers none --repeat 2 -vv > $o/align-vv.log 2>&1
grep -E "align:|traceback:|persistent: [0-9]+ piece|levcl-bench: .*: " $o/align-vv.log | tail -40
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
