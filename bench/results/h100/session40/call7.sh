# Session 40 call 7: alignments of similar pairs (their deeper levels may now run in local columns) beside the
# build before (.gpu-base): E. coli and synthetic 1 Mbp at 99.9%, auto.
o=$OUT/s7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
for b in .gpu-base:base .gpu:now; do
  ( source ${b%%:*}/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-${b##*:}
    timeout 50 levcl-bench --align --variants auto --peers none --repeat 3 --row-budget 4 -o $o/${b##*:}-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 40 levcl-bench --align --lengths 1M --similarities 0.999 --variants auto --peers none --repeat 3 --row-budget 4 -o $o/${b##*:}-1M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/${b##*:}: /"
done | tee $o/rows.txt
cd $OUT && tar czf s7.tgz s7 && rm -rf s7
