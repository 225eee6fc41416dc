# Session 65 call 7 (nvidia-h200): 10^4 alignments of 10 kbp at 99% and 90%, 5c4e6b4 and
# 1fc0b8a (.gpu/old) in turn, twice each: call 1's 99% row moved the other way.
o=$OUT/c7; mkdir -p $o
export LEVCL_DEVICE=nvidia
run() {  # TAG BUILD ARGS...: BUILD new runs .gpu, else .gpu/BUILD
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 120 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
{
for k in 1 2; do for b in new old; do
  run b99_${k}_$b $b --variants auto --align --repeat 5 --batch synthetic:10000:10000:0.99
  run b90_${k}_$b $b --variants auto --align --repeat 3 --batch synthetic:10000:10000:0.9
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
