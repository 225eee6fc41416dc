# Session 56 call 2: where a similar pair's time outside its kernel goes (the strings' packing, copy
# and unpacking beside the sample and choice, debug log), E. coli and 10 Mbp at 99.9%.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-gpu
source .gpu/env.sh
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
levcl-bench --peers none --variants persistent,auto --repeat 5 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/eco -vv 2> $o/eco.log > /dev/null
levcl-bench --peers none --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 -o $o/sim -vv 2> $o/sim.log > /dev/null
grep -hE "levcl-bench: .*: levcl" $o/*.log
grep -hE "strings:|run in|info\] persistent" $o/eco.log | tail -8 | cut -c1-200
grep -hE "strings:|run in|info\] persistent" $o/sim.log | tail -8 | cut -c1-200
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
