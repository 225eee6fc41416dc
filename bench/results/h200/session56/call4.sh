# Session 56 call 4: the queued bases flushed at once (.gpu) beside the build before the session
# (dfe3f15, .gpu-base), alternated three times on the similar pairs and E. coli's alignment.
o=$OUT/c4; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 200 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for r in 1 2 3; do for b in gpu-base gpu; do
  run $b sim$r --variants auto --repeat 5 --lengths 1M,10M --similarities 0.99,0.999
  run $b eco$r --variants auto,persistent --repeat 5 $eco
  run $b align$r --variants auto --repeat 3 --align $eco
  [ $r = 2 ] && run $b big$r --variants auto --repeat 3 --lengths 100M --similarities 0.999
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
