# Session 43 call 9: the pinned slots at 1 MiB (call 8's 4 MiB cost a first call 9 ms to pin), beside the
# build before (.gpu-base, 73cb2f7); one-shot commands (a process a pair: the first call's copy) and rows.
o=$OUT/c9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
ecoli="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
rows() {  # ENV LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 40 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 5 --row-budget 5 -o $o/$2-999
    timeout 30 levcl-bench --variants persistent --peers none --repeat 5 --row-budget 5 -o $o/$2-ecoli $ecoli
    for i in 1 2 3; do timeout 30 levcl-bench -vv --lengths 10M --similarities 0.999 --variants persistent --peers none --repeat 1 -o $o/$2-vv$i; done ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror|copied" | sed "s/^/$2: /"
}
{ rows .gpu-base base; rows .gpu now; } | tee $o/rows.txt
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_wfa_persistent --test-case=strings?longer*"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 40 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
