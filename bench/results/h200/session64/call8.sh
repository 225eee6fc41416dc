# Session 64 call 8: the final build's alignments of the longer divergent pairs beside debc55d
# (.gpu/old): CP000051 x AE002160, the synthetic 3 Mbp pair at 93%, the motivating pair.
o=$OUT/c8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
cp51="$d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz"
mot="$d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD new runs .gpu, else .gpu/BUILD
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = new ] || source .gpu/$e/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_$e
    timeout 120 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
{
for b in new old; do
run cp51a_$b $b --variants auto --align --repeat 3 $cp51
run s3ma_$b $b --variants auto --align --repeat 3 --lengths 3M --similarities 0.93
done
run mota_new new --variants auto --align --repeat 3 $mot
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
