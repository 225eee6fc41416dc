# Session 36 call 8 (two H100s): levcl-mpi with mpirun --bind-to none (Open MPI binds each of two ranks to one core
# by default) and the library's threads within the process's CPU affinity: bench/h100.sh mpi, and the split 10 Mbp
# pair's -vv lines bound and unbound.
source .gpu/env.sh
o=$OUT/dev6; mkdir -p $o; d=.gpu/data
export LEVCL_CACHE_DIR=/tmp/levcl-cache
timeout 330 bash bench/h100.sh mpi $o > /dev/null 2>&1; echo "mpi phase: exit $?" >> $o/tests.txt
in=$(mktemp -d); python3 bench/mpi_inputs.py "$in" 1000
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }
prof() {  # NAME COMMAND...
  local s=$EPOCHREALTIME
  echo "$s start" > $o/prof-$1.log
  { "${@:2}" 2>&1 >/dev/null | stamp >> $o/prof-$1.log; }
  awk -v a=$s -v b=$EPOCHREALTIME -v n=$1 'BEGIN{printf "%s: %.3f s\n", n, b-a}' >> $o/prof.txt
}
( source .gpu/mpienv.sh; unset LEVCL_DEVICE
  prof 10M-mpi2-unbound mpirun -np 2 --bind-to none levcl-mpi -vv $in/a10M.fa $in/b10M.fa
  prof 10M-mpi2-bound mpirun -np 2 levcl-mpi -vv $in/a10M.fa $in/b10M.fa
  prof sars-mpi2-unbound mpirun -np 2 --bind-to none levcl-mpi -vv --all-vs-all $d/sarscov2/ncov_example_418.fa.gz )
cat $o/tests.txt $o/mpi.txt $o/prof.txt; grep -h "levcl-mpi debug\|split" $o/prof-10M-mpi2-*.log | cut -c1-200
cd $OUT && tar czf dev6.tgz dev6 && rm -rf dev6
