# Session 67 call 2 (a probe build, not committed: probe.patch on e7768a0): persistent's step
# with stages left out (PROBE 1: no run extension, 2: no edge exchanges, 4: no meeting checks),
# every run stopped at the same bound, kernel ms from -vv.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
source .gpu/env.sh
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache_probe
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
python3 bench/results/h200/session67/pair_1m_99.py
for p in 0 1 2 3 4 5 6 7; do
  for rep in 1 2 3 4 5; do
    LEVCL_PROBE=$p levcl --variant persistent --max-distance 1900 -vv $hiv 2>&1 | grep -o "kernel [0-9.]* ms (set" | sed "s/^/hiv probe $p: /"
    LEVCL_PROBE=$p levcl --variant persistent --param groups=1 --max-distance 1900 -vv $hiv 2>&1 | grep -o "kernel [0-9.]* ms (set" | sed "s/^/hiv groups=1 probe $p: /"
    LEVCL_PROBE=$p levcl --variant persistent --max-distance 5000 -vv /tmp/a1m.fa /tmp/b1m.fa 2>&1 | grep -o "kernel [0-9.]* ms (set" | sed "s/^/1m probe $p: /"
  done
done > $o/probe.txt 2>&1
levcl --variant persistent -vv /tmp/a1m.fa /tmp/b1m.fa 2>&1 | tail -3 >> $o/probe.txt
sort $o/probe.txt | awk '{print}' | tail -130
