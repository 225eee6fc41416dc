# Session 65 call 5 (nvidia-h200-x2): f075ef2. levcl-mpi one rank per GPU beside levcl on one
# and on both (bench/h100.sh mpi, issue 23); the batches a GPU's host bound, on one GPU and on
# both (sharing_devices); the 10 Mbp pair at 50% on one and on both, its -vv logs.
# The bundle travels packed (.gpu/pack.tar.xz: bin, lib and Open MPI) to stay within the carry.
(cd .gpu && tar xJf pack.tar.xz && rm pack.tar.xz)
source .gpu/env.sh
o=$OUT/c5; mkdir -p $o
unset LEVCL_DEVICE
( POCL_DEVICES= timeout 120 test_devices > $o/test_devices.txt 2>&1 ); tail -2 $o/test_devices.txt
for dev in 0:0 all; do
  tag=${dev/:/-}
  levcl-bench --device $dev --batch synthetic:1000000:150:0.95 --batch synthetic:122:30000:0.988 \
    --variants auto --peers none --repeat 3 -o $o/host-$tag -vv 2> $o/host-$tag.log >/dev/null
  levcl-bench --device $dev --lengths 10M --similarities 0.5 --variants auto --peers none --repeat 2 \
    -o $o/sweep10M-$tag -vv 2> $o/sweep10M-$tag.log >/dev/null
done
for f in $o/*.md; do grep -E "levcl (auto|bitpar|align)" $f | cut -d'|' -f2,4,6,7 | sed "s|^|$(basename $f .md): |"; done
timeout 300 bash bench/h100.sh mpi $o > $o/mpi-phase.txt 2>&1; echo "rc $?" >> $o/mpi-phase.txt
cat $o/mpi.txt; tail -3 $o/mpi-phase.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
