# Session 56 call 1: a pair's long DNA strings across the bus as bases (0ecce9f, .gpu) beside the
# build before (dfe3f15, .gpu-base), alternated twice: similar pairs through auto and persistent,
# divergent ones (bitpar), a batch of 10^6 short pairs (batch-bitpar's bases, now unpack_bases),
# E. coli's alignment; persistent's workgroup count on narrow fronts; the GPU tests touched.
o=$OUT/c1; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
div="$c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 200 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
for r in 1 2; do for b in gpu-base gpu; do
  run $b sim$r --variants auto --repeat 5 --lengths 1M,10M --similarities 0.99,0.999
  run $b eco$r --variants auto,persistent --repeat 5 $eco
  run $b div$r --variants auto --repeat 3 $div
  run $b batch$r --variants auto --repeat 3 --batch synthetic:1000000:150:0.95
  run $b align$r --variants auto --repeat 3 --align $eco
  [ $r = 1 ] && run $b big$r --variants auto --repeat 3 --lengths 100M --similarities 0.999
done; done
for g in 8 16 32 64; do
  run gpu groups$g --variants persistent --repeat 5 --param persistent.groups=$g --lengths 1M,10M --similarities 0.999
  run gpu groups$g-eco --variants persistent --repeat 3 --param persistent.groups=$g $eco
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
( source .gpu/env.sh; JOBS=4 ONLY="test_bases|test_batch_bitpar|test_wfa_persistent|test_distances" timeout 170 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
