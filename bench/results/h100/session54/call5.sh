# Session 54 call 5 (nvidia-h100-x4): a377d8b's choice between blocks and halves over four GPUs
# (parameter parts, default 2), and test_devices on the four GPUs (blocks over three and four,
# parts of four contexts, the halves; its cases that need POCL's two devices use the first two).
tar xJf .gpu/mpi.tar.xz -C .gpu && tar xJf .gpu/lib.tar.xz -C .gpu
o=$OUT/c5; mkdir -p $o; d=.gpu/data
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/levcl-cache
timeout 150 test_devices > $o/test_devices.log 2>&1; echo "test_devices: exit $?"; tail -3 $o/test_devices.log
bench() {  # DEVICES TIMEOUT ARGS...
  n=$o/bench-${1//[:,]/-}$TAG
  timeout $2 levcl-bench --device $1 "${@:3}" --variants bitpar --peers none -o $n -vv 2>&1 |
    grep -E "levcl-bench|over|block of|distance" | cut -c1-260 > $n.log
  echo "$1 $TAG:"; grep -h '^| [sB]' $n.md | cut -d'|' -f2,5,7,9,10,11,12
}
pairs=($d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz --lengths 10M --similarities 0.5 --repeat 3)
bench all 60 "${pairs[@]}"
bench 0:0,0:1 60 "${pairs[@]}"
cd $OUT && tar czf c5.tgz c5 && rm -rf c5
