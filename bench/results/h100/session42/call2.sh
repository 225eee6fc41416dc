# Session 42 call 2: where a single similar pair's seconds go outside the kernel (persistent's debug log);
# persistent's wg, spread and team on narrow and wide fronts; alignments of similar pairs beside the build
# before (.gpu-base, 7d93b64); the GPU tests of the kernels that now read words (load_word).
o=$OUT/s2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-now
{ timeout 60 levcl-bench -vv --lengths 1M,10M --similarities 0.999 --variants persistent,auto --peers none --repeat 3 -o $o/log-999
  timeout 60 levcl-bench -vv --variants persistent --peers none --repeat 3 -o $o/log-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz; } 2>&1 | grep -E "persistent:|auto|levcl-bench: .*: levcl" > $o/log.txt
sw() {  # LABEL PARAMS...
  timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:2}" -o $o/sw-$1 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$1: /"
}
{ for wg in 256 512 1024; do for spread in 1 2 4; do sw wg$wg-spread$spread --param persistent.wg=$wg --param persistent.spread=$spread; done; done
  sw team64 --param persistent.team=64; sw team256 --param persistent.team=256
  for wg in 512 1024; do timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --row-budget 6 --param persistent.wg=$wg -o $o/sw-ecoli-wg$wg $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/ecoli wg$wg: /"; done
} | tee $o/sweep.txt
for b in .gpu-base:base .gpu:now; do
  ( source ${b%%:*}/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-${b##*:}
    timeout 50 levcl-bench --align --variants auto --peers none --repeat 3 --row-budget 4 -o $o/align-${b##*:}-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 40 levcl-bench --align --lengths 1M --similarities 0.999 --variants auto --peers none --repeat 3 --row-budget 4 -o $o/align-${b##*:}-1M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/${b##*:}: /"
done | tee $o/align.txt
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_wfa_persistent" "test_variants --variant=persistent --test-case=distance:*" "test_variants --variant=persistent --test-case=breakpoint:*" "test_variants --variant=persistent --test-case=batch:*" "test_variants --variant=pwg --test-case=distance:*" "test_variants --variant=tile-local --test-case=distance:*" "test_variants --variant=wfa-batch --test-case=batch:*" "test_variants --variant=wfa-traceback --test-case=traceback:*" "test_wfa_batch" "test_alignment"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 100 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s2.tgz s2 && rm -rf s2
