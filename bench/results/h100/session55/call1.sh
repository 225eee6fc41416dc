# Session 55 call 1: persistent's wide fronts with their columns in local memory: layouts (global-wg, spread) and the first bound's margin
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader > $o/device.txt
row() {  # LABEL SIZE SIM REPEAT PARAMS...
  local label=$1 size=$2 sim=$3 rep=$4; shift 4
  local ps=(); for p in "$@"; do ps+=(--param "persistent.$p"); done
  timeout 120 levcl-bench --variants persistent --peers none --repeat $rep --lengths $size --similarities $sim "${ps[@]}" -o $o/$label-$size-$sim -vv 2> $o/$label-$size-$sim.log | grep "levcl-bench: .*: levcl" | sed "s/^/$label /"
  grep -m6 -E "persistent: (1 piece|estimate|no meeting|distance)" $o/$label-$size-$sim.log | sed "s/^/    /" | cut -c1-300
}
{
for size in 10M 100M; do
  sim=0.99; [ $size = 100M ] && sim=0.999
  rep=3; [ $size = 100M ] && rep=2
  row base $size $sim $rep
  row g1024 $size $sim $rep global-wg=1024
  row g1024m30 $size $sim $rep global-wg=1024 margin=30
  row g1024m50 $size $sim $rep global-wg=1024 margin=50
  row g1024s2 $size $sim $rep global-wg=1024 spread=2
  row s3 $size $sim $rep spread=3
  row s2m30 $size $sim $rep spread=2 margin=30
done
row base 10M 0.999 3
row g1024m30 10M 0.999 3 global-wg=1024 margin=30
row base 1M 0.999 5
row m30 1M 0.999 5 margin=30
echo "== ecoli"
timeout 60 levcl-bench --variants persistent --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/base-ecoli 2>&1 | grep "levcl-bench: .*: levcl"
timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --param persistent.margin=30 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/m30-ecoli 2>&1 | grep "levcl-bench: .*: levcl"
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
