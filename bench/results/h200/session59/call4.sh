# Session 59 call 4: were the narrow fronts' kernels 3% slower after call 1 (E. coli 25.3 ->
# 26.0 ms, 1 Mbp at 99.9% 1.42 -> 1.47 ms), or was call 1's GPU faster? The build of
# 2e704a2 (old: the host reads the state back; run at unit-groups=1, as call 1's rows at one a
# unit) beside the final one (new), alternated in one call.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG BUILD ARGS...
  local t=$1 k=$2; shift 2
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$k; [ $k = new ] || source .gpu/$k/env.sh
    timeout 60 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for i in 1 2; do
  run sim-old-$i old --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco --param persistent.unit-groups=1
  run sim-new-$i new --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
done
run align-old old --variants auto --repeat 3 --align $eco --param persistent.unit-groups=1
run align-new new --variants auto --repeat 3 --align $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in sim-old-1 sim-new-1 sim-old-2 sim-new-2; do echo "== $f"; grep -h "piece(s)" $o/$f.log | grep -oE "[0-9]+ workgroup.s. of [0-9]+|kernel [0-9.]+ ms" | paste - - | sort | uniq -c | sort -rn | head -3; done
gzip $o/*.log
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
