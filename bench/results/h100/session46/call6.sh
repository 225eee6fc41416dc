# Session 46 call 6: is a batch's host time the host's page faults? The same runs with glibc's
# malloc keeping freed memory (no trim, mmap only above 32 MiB) beside the defaults.
o=$OUT/c6; mkdir -p $o
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/env.sh
keep="glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=68719476736:glibc.malloc.top_pad=268435456"
for r in 1 2; do
  for t in default keep; do
    if [ $t = keep ]; then export GLIBC_TUNABLES=$keep; else unset GLIBC_TUNABLES; fi
    timeout 100 levcl-bench --batch synthetic:10000:10000:0.9 --align --variants auto --peers none --repeat 3 -vv > $o/align-$t-$r.log 2>&1
    timeout 100 levcl-bench --batch synthetic:1000000:150:0.95 --variants auto --peers none --repeat 5 > $o/short-$t-$r.log 2>&1
    echo "$t $r: $(grep -hE 'levcl-bench: .*: levcl' $o/align-$t-$r.log $o/short-$t-$r.log | sed 's/levcl-bench: synthetic //' | tr '\n' ' ')"
  done
done
unset GLIBC_TUNABLES
grep -hE "align: level|traceback:|assembled" $o/align-keep-2.log | tail -8
/usr/bin/time -v levcl-bench --batch synthetic:10000:10000:0.9 --align --variants auto --peers none --repeat 1 2>&1 | grep -E "faults|Elapsed|Maximum resident"
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
