# Session 54 call 3 (nvidia-h100-x4): one long pair over parts (85e4c8f, .gpu): levcl over 1, 2, 3
# and 4 GPUs of one process, levcl-mpi with 1-4 ranks (one GPU a rank; -np 2 the two-rank split,
# -np 3 and 4 a block of a sweep's rows a rank), the motivating pair and a 10 Mbp pair at 50%;
# each command run twice, the second timed, its output compared with levcl on one GPU; the GPU
# tests of several devices first.
tar xJf .gpu/mpi.tar.xz -C .gpu && tar xJf .gpu/lib.tar.xz -C .gpu
o=$OUT/c3; mkdir -p $o; d=.gpu/data
JOBS=2 ONLY="devices" timeout 60 bash tests/gpu_suite.sh $o/tests
grep -E "passed|FAILED" $o/tests/tests.txt | grep -v "^ " | tail -4
rm -rf $o/tests/cache-*
source .gpu/env.sh; source .gpu/mpienv.sh; unset LEVCL_DEVICE; export LEVCL_CACHE_DIR=/tmp/levcl-cache
in=$(mktemp -d); python3 bench/mpi_inputs.py "$in" 10 > /dev/null
log=$o/parts.md
echo "| pair | runner | seconds | output as levcl on one GPU |" > $log; echo "|---|---|---:|---|" >> $log
timed() {  # PAIR RUNNER COMMAND...
  local status=0 start
  timeout 60 "${@:3}" > $in/out 2>> $o/stderr.txt || status=$?
  start=$EPOCHREALTIME
  [ $status = 0 ] && { timeout 60 "${@:3}" -vv > $in/out 2> $o/last.txt || status=$?; }
  local seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
  [ "$2" = "levcl 0:0" ] && cp $in/out $in/reference
  grep -hE "over|block of|bound|levcl-mpi debug|distance" $o/last.txt | cut -c1-220 > "$o/$1-${2// /_}.log"
  printf '| %s | %s | %s | %s |\n' "$1" "$2" "$seconds" "$([ $status = 0 ] && cmp -s $in/out $in/reference && echo same || echo "DIFFERS (exit $status)")" >> $log
}
for pair in "motivating|$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz" "10M-50|$in/a10M.fa $in/b10M.fa"; do
  name=${pair%%|*} args=${pair#*|}
  timed $name "levcl 0:0" levcl --device 0:0 $args
  timed $name "levcl 0:0,0:1" levcl --device 0:0,0:1 $args
  timed $name "levcl 0:0,0:1,0:2" levcl --device 0:0,0:1,0:2 $args
  timed $name "levcl all" levcl --device all $args
  for np in 1 2 3 4; do timed $name "levcl-mpi -np $np" mpirun -np $np --bind-to none levcl-mpi $args; done
done
cat $log
grep -h "block of\|in 0\|in 1\|in 2" $o/10M-50-levcl-mpi_-np_4.log | head -12
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
