# Session 66 call 8: the session's alignment rows beside the peers on the H200 host's CPU
# (edlib's path, WFA2-lib's BiWFA CIGAR, every host thread for the batch), at 27fd265:
# the HIV-1 pair (auto, bitpar named) and 10^4 pairs of 10 kbp at 90% (auto, bitpar named).
o=$OUT/c8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache8
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
levcl-bench --variants auto,bitpar --align --repeat 7 --time-limit 60 -o $o/hiv $hiv > $o/hiv.txt 2> $o/hiv.log
levcl-bench --variants auto --align --repeat 3 --time-limit 120 --row-budget 20 -o $o/b90 --batch synthetic:10000:10000:0.9 > $o/b90.txt 2> $o/b90.log
grep -h "levcl-bench:" $o/*.log | sed 's/ GCUPS.*//'
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
