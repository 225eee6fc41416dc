# Session 45 call 15: the final build's similar-pair rows beside the peers (edlib, WFA2-lib: one pair, one
# host thread each) and pwg: levcl-bench --variants auto,persistent,pwg --peers edlib,wfa2.
o=$OUT/c15; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
source .gpu/env.sh
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
{ timeout 200 levcl-bench --variants auto,persistent,pwg --peers edlib,wfa2 --repeat 3 --time-limit 30 $e -o $o/ecoli
  timeout 200 levcl-bench --variants auto,persistent,pwg --peers edlib,wfa2 --repeat 3 --time-limit 30 --lengths 1M,10M --similarities 0.999 -o $o/999
} 2>&1 | grep -E "levcl-bench: .*: |rror" > $o/rows.txt
cat $o/rows.txt
cd $OUT && tar czf c15.tgz c15 && rm -rf c15
