# Session 63 call 4: levcl-tune's default run on the H200 (no entry of its own: the H100's
# serves it by architecture), auto on pairs and batches with the shipped entry and with the
# run's own (bench/h100.sh tuner).
source .gpu/env.sh
o=$OUT/c4; mkdir -p $o
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
timeout 575 bash bench/h100.sh tuner $o > $o/run.log 2>&1; echo "rc $?" >> $o/run.log
tail -3 $o/run.log; tail -2 $o/tune.log
for f in $o/pairs-*.md $o/batches-*.md; do echo "== $f"; grep "^| " $f | cut -d'|' -f2,7,10 | tail -n +3; done
rm -f $o/*.png
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
