# Session 54 call 4 (nvidia-h100-x4): e5a8484 (.gpu): one long pair over one to four GPUs of one
# process (levcl-bench --device, engine times), over one to four ranks of levcl-mpi (one GPU a
# rank; the library's own time from its -v line, the output compared with levcl on one GPU);
# the GPU tests of several devices and of bitpar first.
tar xJf .gpu/mpi.tar.xz -C .gpu && tar xJf .gpu/lib.tar.xz -C .gpu
o=$OUT/c4; mkdir -p $o; d=.gpu/data
JOBS=3 ONLY="devices|test_variant_bitpar$" timeout 120 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -6
rm -rf $o/tests/cache-*
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/levcl-cache
bench() {  # DEVICES TIMEOUT ARGS...
  n=$o/bench-${1//[:,]/-}$TAG
  timeout $2 levcl-bench --device $1 "${@:3}" --variants bitpar --peers none -o $n -vv 2>&1 |
    grep -E "levcl-bench|over|block of|distance" | cut -c1-260 > $n.log
  echo "$1 $TAG:"; grep -h '^| [sB]' $n.md | cut -d'|' -f2,5,7,9,10,11,12
}
pairs=($d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz --lengths 10M --similarities 0.5 --repeat 3)
for dev in 0:0 0:0,0:1 0:0,0:1,0:2 all; do bench $dev 60 "${pairs[@]}"; done
TAG=-20M bench 0:0 60 --lengths 20M --similarities 0.5 --repeat 1
TAG=-20M bench 0:0,0:1 40 --lengths 20M --similarities 0.5 --repeat 1
TAG=-20M bench all 40 --lengths 20M --similarities 0.5 --repeat 1
source .gpu/mpienv.sh; unset LEVCL_DEVICE
in=$(mktemp -d); python3 bench/mpi_inputs.py "$in" 10 > /dev/null
levcl --device 0:0 $d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz > $in/ref-m
levcl --device 0:0 $in/a10M.fa $in/b10M.fa > $in/ref-10
for np in 1 2 3 4; do
  for p in m 10; do
    [ $p = m ] && args="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz" || args="$in/a10M.fa $in/b10M.fa"
    timeout 60 mpirun -np $np --bind-to none levcl-mpi $args > /dev/null 2>&1  # builds
    timeout 60 mpirun -np $np --bind-to none levcl-mpi -vv $args > $in/out 2> $o/mpi-$p-np$np.txt
    echo "levcl-mpi -np $np $p: $(cmp -s $in/out $in/ref-$p && echo same || echo DIFFERS) $(grep -h 'levcl info\] bitpar' $o/mpi-$p-np$np.txt | grep -o ' in [0-9.]* s' | head -1)"
    grep -hE "block of|levcl-mpi debug|levcl info\] bitpar" $o/mpi-$p-np$np.txt | cut -c1-220 > $o/mpi-$p-np$np.log; rm $o/mpi-$p-np$np.txt
  done
done
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
