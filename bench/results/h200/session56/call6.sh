# Session 56 call 6: persistent with more workgroups than compute units (groups, all resident at
# once or the launch hangs: each run under a timeout), wide fronts (10 Mbp 99%, 100 Mbp 99.9%)
# and narrow (E. coli, 10 Mbp 99.9%), final build.
o=$OUT/c6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-gpu
source .gpu/env.sh
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
row() {  # LABEL TIMEOUT ARGS... (persistent's parameters after --)
  local label=$1 t=$2; shift 2
  timeout $t levcl-bench --peers none --variants persistent "$@" -o $o/$label -vv 2> $o/$label.log > /dev/null
  echo "$label: rc $? $(grep -hE 'levcl-bench: .*: levcl' $o/$label.log | sed 's/levcl-bench: //; s/(median of .), //; s/ GCUPS.*//' | tr '\n' ';')"
  grep -m2 -E "persistent: (1 piece|2 piece)" $o/$label.log | cut -c1-220 | sed 's/^/    /'
}
for g in 0 198 264; do
  row g$g-10M 60 --repeat 3 --lengths 10M --similarities 0.99,0.999 --param persistent.groups=$g
  row g$g-eco 40 --repeat 3 $eco --param persistent.groups=$g
done
row g264-gwg256-10M 60 --repeat 3 --lengths 10M --similarities 0.99 --param persistent.groups=264 --param persistent.global-wg=256
row g0-100M 90 --repeat 2 --lengths 100M --similarities 0.999
row g264-100M 90 --repeat 2 --lengths 100M --similarities 0.999 --param persistent.groups=264
gzip $o/*.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
