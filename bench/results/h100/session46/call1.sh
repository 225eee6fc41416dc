# Session 46 call 1: where a single pair's host time goes (debug lines of this build, -vv):
# persistent's set up / launch and wait / read, auto's choice, the sample, bitpar's host part.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/env.sh
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
levcl-bench --variants auto,persistent --peers none --repeat 5 --lengths 1M,10M --similarities 0.999 -o $o/999 -vv > $o/999.log 2>&1
levcl-bench --variants auto,persistent --peers none --repeat 5 $e $h -o $o/pairs -vv > $o/pairs.log 2>&1
levcl-bench --variants auto --peers none --repeat 5 $hhv -o $o/hhv -vv > $o/hhv.log 2>&1
grep -hE "levcl-bench: .*: " $o/*.log
grep -hE "chosen in|sampled in|set up|strings and|plan, run" $o/999.log | tail -24
grep -hE "chosen in|sampled in|set up|strings and|plan, run" $o/hhv.log | tail -8
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
