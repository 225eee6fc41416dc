# Session 42 call 7: single pairs of 2-4 kbp at 0-50% divergence on the H100 against cpu-dp's distances (computed
# on the CPU, expected.txt), in the layouts of workgroups of wg 32 and global-wg 64, spread 16 (shares of 512 and
# 1,024), on 3 and on every workgroup.
source .gpu/env.sh; export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-t7
for g in 3 0; do
  got=""; for i in 0 1 2 3 4 5 6 7; do
    got="$got$(timeout 20 levcl -vv --variant persistent --param persistent.groups=$g --param persistent.wg=32 --param persistent.global-wg=64 --param persistent.spread=16 .gpu/pairs/a$i.fa .gpu/pairs/b$i.fa 2>>$OUT/log.txt) "; done
  echo "groups $g: got      $got"; echo "groups $g: expected $(cat .gpu/pairs/expected.txt)"
done | tee $OUT/check.txt
grep -o "workgroup(s) of [0-9]* each[^,]*" $OUT/log.txt | sort | uniq -c > $OUT/layouts.txt; cat $OUT/layouts.txt
