# Session 54 call 7 (nvidia-h100-x4): f8aa6aa, two parts are the pair's two halves (one way to
# spread a pair): test_devices on the four GPUs; levcl-bench over one, two (halves through parts) and four GPUs
# (blocks where they pay: the motivating pair; halves on two: 10 Mbp); levcl-mpi over one, two and four ranks.
tar xJf .gpu/mpi.tar.xz -C .gpu && tar xJf .gpu/lib.tar.xz -C .gpu
o=$OUT/c7; mkdir -p $o; d=.gpu/data
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/levcl-cache
timeout 200 test_devices > $o/test_devices.log 2>&1; echo "test_devices: exit $?"; tail -2 $o/test_devices.log
grep -B3 -A8 "ERROR" $o/test_devices.log | head -20
bench() {  # DEVICES TIMEOUT ARGS...
  n=$o/bench-${1//[:,]/-}
  timeout $2 levcl-bench --device $1 "${@:3}" --variants bitpar --peers none -o $n -vv 2>&1 |
    grep -E "levcl-bench|over|block of|distance" | cut -c1-260 > $n.log
  echo "$1:"; grep -h '^| [sB]' $n.md | cut -d'|' -f2,5,7,9,10,11,12
}
pairs=($d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz --lengths 10M --similarities 0.5 --repeat 3)
for dev in 0:0 0:0,0:1 all; do bench $dev 60 "${pairs[@]}"; done
source .gpu/mpienv.sh; unset LEVCL_DEVICE
in=$(mktemp -d); python3 bench/mpi_inputs.py "$in" 10 > /dev/null
levcl --device 0:0 $d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz > $in/ref-m
levcl --device 0:0 $in/a10M.fa $in/b10M.fa > $in/ref-10
for np in 1 2 4; do
  for p in m 10; do
    [ $p = m ] && args="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz" || args="$in/a10M.fa $in/b10M.fa"
    timeout 60 mpirun -np $np --bind-to none levcl-mpi $args > /dev/null 2>&1  # builds
    timeout 60 mpirun -np $np --bind-to none levcl-mpi -vv $args > $in/out 2> $o/mpi-$p-np$np.txt
    echo "levcl-mpi -np $np $p: $(cmp -s $in/out $in/ref-$p && echo same || echo DIFFERS) $(grep -h 'levcl info\] bitpar' $o/mpi-$p-np$np.txt | grep -o ' over [0-9]* parts in [0-9.]* s\| in [0-9.]* s' | head -1)"
    grep -hE "block of|levcl-mpi debug|levcl info\] bitpar" $o/mpi-$p-np$np.txt | cut -c1-220 > $o/mpi-$p-np$np.log; rm $o/mpi-$p-np$np.txt
  done
done
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
