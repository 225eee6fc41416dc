# Session 46 call 4: batch alignments by each breakpoint engine (levcl-bench's align rows per
# variant): auto (persistent for pairs below 2^30 cells), persistent, bitpar; single pairs too.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/env.sh
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
h="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
c=$d/cudalign
B="--align --variants auto,persistent,bitpar --peers none"
{ timeout 150 levcl-bench $B --repeat 3 --batch synthetic:10000:10000:0.9 --batch synthetic:10000:10000:0.99 --batch synthetic:10000:10000:0.8 --batch synthetic:20000:2000:0.9 -o $o/b10k
  timeout 150 levcl-bench $B --repeat 1 --batch synthetic:100000:10000:0.9 -o $o/b100k
  timeout 100 levcl-bench $B --repeat 3 $h $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz --lengths 100k,1M --similarities 0.9,0.99 -o $o/pairs
} 2>&1 | grep -E "levcl-bench: .*: |rror" > $o/rows.txt
cat $o/rows.txt
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
