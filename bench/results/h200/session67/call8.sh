# Session 67 call 8 (a probe build on 1bec342, not committed: probe.patch's switch ported to it,
# with one more, PROBE 8: no block stepped at all): what of the bare step (probe 7) is its
# blocks' work and what its frame (the stop check, the two barriers), on the HIV-1 pair's top
# level and the 1 Mbp pair at 99%, every run stopped at the same bound.
o=$OUT/c8; mkdir -p $o
source bench/call_run.sh
source .gpu/env.sh
export LEVCL_CACHE_DIR=/tmp/cache_probe
python3 bench/results/h200/session67/pair_1m_99.py
for p in 0 1 7 15; do
  for rep in 1 2 3; do
    LEVCL_PROBE=$p levcl --variant persistent --max-distance 1900 -vv $hiv 2>&1 | grep -o "kernel [0-9.]* ms (set" | sed "s/^/hiv probe $p: /"
    LEVCL_PROBE=$p levcl --variant persistent --max-distance 5000 -vv /tmp/a1m.fa /tmp/b1m.fa 2>&1 | grep -o "kernel [0-9.]* ms (set" | sed "s/^/1m probe $p: /"
  done
done > $o/probe.txt 2>&1
sort $o/probe.txt | uniq -c
