# Session 66 call 9 (nvidia-h200-x2, lent late in the session): 27fd265. test_devices on the two
# GPUs; a host-bound batch (10^6 pairs of 150 bp, first_device_alone: run on the first GPU as
# it is, 5c4e6b4) and kernel-bound ones on one GPU and on both; levcl-mpi one rank per GPU
# beside levcl (bench/h100.sh mpi, every runner now writing with -o).
(cd .gpu && tar xJf pack.tar.xz && rm pack.tar.xz)
source .gpu/env.sh
o=$OUT/c9; mkdir -p $o
unset LEVCL_DEVICE
( POCL_DEVICES= timeout 120 test_devices > $o/test_devices.txt 2>&1 ); tail -2 $o/test_devices.txt
for dev in 0:0 all; do
  tag=${dev/:/-}
  levcl-bench --device $dev --batch synthetic:1000000:150:0.95 --batch "all-vs-all:.gpu/data/sarscov2/ncov_example_418.fa.gz" \
    --batch synthetic:100000:10000:0.9 --variants auto --peers none --repeat 3 -o $o/batches-$tag -vv 2> $o/batches-$tag.log >/dev/null
done
for f in $o/*.md; do grep -E "levcl (auto|align)" $f | cut -d'|' -f2,7,10 | sed "s|^|$(basename $f .md): |"; done
timeout 300 bash bench/h100.sh mpi $o > $o/mpi-phase.txt 2>&1; echo "rc $?" >> $o/mpi-phase.txt
cat $o/mpi.txt; tail -3 $o/mpi-phase.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
