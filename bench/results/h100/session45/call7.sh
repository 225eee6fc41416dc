# Session 45 call 7 (this build, a953d20's kernel): what a single pair's first bound costs persistent
# (E. coli, distance 28,152: the estimate's first bound is 54,920; levcl --max-distance K sets it), and
# 264 workgroups of 256 (two a compute unit) beside 132 of 512.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/env.sh
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
levcl --variant persistent $e > /dev/null
for k in 28500 31000 35000 42000 54920 80000; do for t in 1 2 3; do
  echo "K=$k $(levcl --json --variant persistent --max-distance $k $e | grep -o '"distance":[0-9]*\|"kernel_seconds":[0-9.e-]*\|"seconds":[0-9.e-]*' | tr '\n' ' ')"
done; done > $o/bounds.txt 2>&1
cat $o/bounds.txt
for p in "groups=0" "groups=264 --param persistent.global-wg=256" "groups=264 --param persistent.global-wg=256 --param persistent.halo=8"; do
  echo "== $p"
  timeout 60 levcl-bench --variants persistent --param persistent.$p --peers none --repeat 3 $e -o $o/g-ecoli 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
  timeout 60 levcl-bench --variants persistent --param persistent.$p --peers none --repeat 3 --lengths 1M,10M --similarities 0.999 -o $o/g-999 2>&1 | grep -E "levcl-bench: .*: levcl|rror"
done > $o/groups.txt 2>&1
cat $o/groups.txt
levcl -vv --variant persistent --param persistent.groups=264 --param persistent.global-wg=256 $e 2>&1 | grep -E "workgroup|kernel [0-9]" > $o/g264-vv.txt
cat $o/g264-vv.txt
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
