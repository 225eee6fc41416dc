# Session 56 call 8: the final build (05a4bf9: call 5's bases, persistent's tables in one round trip;
# .gpu) beside the build before the session (dfe3f15, .gpu-base), alternated three times on the
# similar pairs and E. coli's alignment; the GPU test of bases.
o=$OUT/c8; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
div="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
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
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
( JOBS=4 ONLY="test_bases" timeout 60 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
