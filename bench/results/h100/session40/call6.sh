# Session 40 call 6: a single pair with local columns runs on every workgroup allowed (one program whatever its
# first bound's width); test_wfa_persistent (builds after the first pair checked) and the narrow rows.
source .gpu/env.sh
o=$OUT/s6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_CACHE_DIR=/tmp/cache-s6
s=$SECONDS; timeout 120 test_wfa_persistent > $o/test_wfa_persistent.txt 2>&1; echo "test_wfa_persistent: exit $? in $((SECONDS-s)) s" | tee $o/tests.txt
timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent,auto --peers none --repeat 3 --row-budget 6 -o $o/now-999 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | tee $o/rows.txt
cd $OUT && tar czf s6.tgz s6 && rm -rf s6
