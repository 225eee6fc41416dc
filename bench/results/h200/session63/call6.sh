# Session 63 call 6: the mosaic 3 Mbp pairs at 90%, 93% and 95% through auto, the final
# build beside 08389dc (.gpu/old) in turn, twice.
o=$OUT/c6; mkdir -p $o
export LEVCL_DEVICE=nvidia
run() {  # TAG BUILD ARGS...: BUILD old runs .gpu/old
  local t=$1 e=$2; shift 2
  ( if [ $e = old ]; then source .gpu/old/env.sh; else source .gpu/env.sh; fi; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
{
for k in 1 2; do
for b in new old; do
run mos${k}_$b $b --variants auto --repeat 5 --lengths 3M --similarities 0.9,0.93,0.95 --mosaic
run s3m${k}_$b $b --variants auto --repeat 5 --lengths 3M --similarities 0.93
done
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
