# Session 37 call 11 (two H100s): the batches wfa-batch and the short pairs' rounds changed, on one GPU (0:0) and
# on both (all), one levcl-bench run each.
source .gpu/env.sh
o=$OUT/m11; mkdir -p $o; d=.gpu/data
export LEVCL_CACHE_DIR=/tmp/levcl-cache
unset LEVCL_DEVICE
levcl --list-devices > $o/devices.txt 2>&1; cat $o/devices.txt
for dev in 0:0 all; do
  t=${dev/:/-}
  levcl-bench --device $dev --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:1000000:150:0.95 \
    --batch synthetic:100000:10000:0.99 --batch synthetic:20000:30000:0.99 --batch synthetic:100000:10000:0.9 \
    --variants auto --peers none --repeat 3 -o $o/batches-$t > $o/batches-$t.log 2>&1
  grep -h "levcl-bench: .*: levcl" $o/batches-$t.log | sed "s/^/$dev: /"
done
cd $OUT && tar czf m11.tgz m11 && rm -rf m11
