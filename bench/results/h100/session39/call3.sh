# Session 39 call 3: bitpar's first band at 1.15 times the estimate (.gpu) against 1.25 (.gpu-base, the build
# before), on the divergent genome pairs, synthetic and mosaic 3 Mbp pairs and 10 Mbp at 50%; then the tests of
# bitpar with the new band; then the command's SARS-CoV-2 all-vs-all with a timestamp on every log line.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
divergent=($d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz $d/cudalign/NC_003064.2.fa.gz $d/cudalign/NC_000914.1.fa.gz $d/cudalign/CP000051.1.fa.gz $d/cudalign/AE002160.2.fa.gz $d/cudalign/BA000035.2.fa.gz $d/cudalign/BX927147.1.fa.gz)
rows() {  # BUILD LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    levcl-bench --variants auto,bitpar --peers none --repeat 3 --row-budget 8 -o $o/$2-divergent "${divergent[@]}"
    levcl-bench --lengths 3M --similarities 0.93 --variants auto,bitpar --peers none --repeat 3 --row-budget 8 -o $o/$2-synthetic-3M
    levcl-bench --lengths 3M --similarities 0.9,0.93,0.95 --mosaic --variants auto --peers none --repeat 3 --row-budget 8 -o $o/$2-mosaic-3M
    levcl-bench --lengths 10M --similarities 0.5 --variants auto --peers none --repeat 2 --row-budget 12 -o $o/$2-10M ) 2>&1 | grep "levcl-bench: .*: levcl"
}
{ rows .gpu-base q125; rows .gpu q115; rows .gpu-base q125-again; } > $o/bands.txt
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-q115
for t in "test_bitpar" "test_variants --variant=bitpar --test-case=distance:*" "test_variants --variant=bitpar --test-case=HHV* --no-skip"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 200 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
levcl -vv --all-vs-all $d/sarscov2/ncov_example_418.fa.gz 2>&1 >/dev/null | while IFS= read -r line; do echo "$EPOCHREALTIME $line"; done > $o/sars-cli.log
s=$EPOCHREALTIME; levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > /dev/null; echo "SARS-CoV-2 all-vs-all, the command: $(awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{print b-a}') s" >> $o/tests.txt
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
