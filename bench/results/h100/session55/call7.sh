# Session 55 call 7: the review's mends (a22879c: cl/bitpar.h's tile rules shared by both kernels) built by NVIDIA's OpenCL: bitpar's GPU tests, and the mosaic and divergent rows once more.
o=$OUT/c7; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
JOBS=4 ONLY="bitpar" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
timeout 150 levcl-bench --peers none --variants auto --repeat 3 --lengths 3M --similarities 0.9,0.93 --mosaic -o $o/mosaic 2>&1 | grep -E "levcl-bench: .*: levcl"
timeout 150 levcl-bench --peers none --variants auto --repeat 3 $d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz -o $o/div 2>&1 | grep -E "levcl-bench: .*: levcl"
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
