# Session 36 call 3 (two H100s), 33df2a9: bench/h100.sh devices (one GPU beside both), then where the
# command's end-to-end time goes: levcl -vv with a timestamp on every log line, one GPU and both, and levcl-mpi -np 2.
source .gpu/env.sh
o=$OUT/dev2; mkdir -p $o
export LEVCL_CACHE_DIR=/tmp/levcl-cache
timeout 420 bash bench/h100.sh devices $o > $o/devices-phase.txt 2>&1; echo "devices phase: exit $?" >> $o/devices-phase.txt
in=$(mktemp -d); python3 bench/mpi_inputs.py "$in"
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }
prof() {  # NAME COMMAND...
  local s=$EPOCHREALTIME
  echo "$s start" > $o/prof-$1.log
  { "${@:2}" 2>&1 >/dev/null | stamp >> $o/prof-$1.log; }
  awk -v a=$s -v b=$EPOCHREALTIME -v n=$1 'BEGIN{printf "%s: %.3f s\n", n, b-a}' >> $o/prof.txt
}
for dev in 0:0 all; do
  t=${dev/:/-}
  levcl --device $dev --all-vs-all .gpu/data/sarscov2/ncov_example_418.fa.gz > /dev/null 2>&1
  prof sars-$t levcl -vv --device $dev --all-vs-all .gpu/data/sarscov2/ncov_example_418.fa.gz
  prof 10M-$t levcl -vv --device $dev $in/a10M.fa $in/b10M.fa
  prof ovm-$t levcl -vv --device $dev --query $in/query.fa --targets $in/targets.fa
done
( source .gpu/mpienv.sh; prof sars-mpi2 mpirun -np 2 levcl-mpi -vv --all-vs-all .gpu/data/sarscov2/ncov_example_418.fa.gz
  prof 10M-mpi2 mpirun -np 2 levcl-mpi -vv $in/a10M.fa $in/b10M.fa )
cat $o/prof.txt; tail -5 $o/devices-phase.txt; grep -h "levcl-bench: .*: levcl" $o/*.log $o/devices-phase.txt 2>/dev/null | head -40
cd $OUT && tar czf dev2.tgz dev2 && rm -rf dev2
