# Session 37 call 14, at 94b3fe1: the batches this stop changed, levcl (auto) beside edlib and WFA2-lib on every host
# thread, in one levcl-bench run (bench/h100.sh wfa-batch-peers).
source .gpu/env.sh
o=$OUT/m14; mkdir -p $o
bash bench/h100.sh wfa-batch-peers $o > $o/phase.txt 2>&1; echo "phase: exit $?"
grep -h "levcl-bench: .*: " $o/phase.txt | head -20
cd $OUT && tar czf m14.tgz m14 && rm -rf m14
