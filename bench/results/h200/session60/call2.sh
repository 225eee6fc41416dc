# Session 60 call 2: workgroups that share a piece read its distance every step (the new
# build) on issue 26's pairs and the wide ones; the strings' copy timed step by step in an
# instrumented build (.gpu/exp: buffers kept, one flush); persistent's GPU tests.
o=$OUT/c2; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG BUILD ARGS...: BUILD "exp" runs the instrumented build
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = exp ] && source .gpu/exp/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$e
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
one="--lengths 1M --similarities 0.999"
{
run sim new --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run sim2 new --variants auto --repeat 9 $one
run x_base exp --variants auto --repeat 9 $one
LEVCL_X_KEEP=1 run x_keep exp --variants auto --repeat 9 $one
LEVCL_X_ONE_FLUSH=1 run x_flush exp --variants auto --repeat 9 $one
LEVCL_X_KEEP=1 LEVCL_X_ONE_FLUSH=1 run x_both exp --variants auto --repeat 9 $one
run sim3 new --variants auto --repeat 9 $one
run p_halo_8 new --variants persistent --repeat 5 $one --param persistent.halo=8
run wide new --variants auto --repeat 3 --lengths 10M --similarities 0.99
run big new --variants auto --repeat 3 --lengths 100M --similarities 0.999
run align new --variants auto --repeat 3 --align $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in x_base x_keep x_flush x_both; do echo "== $f"; grep -hE "X made|copied ahead" $o/$f.log | tail -6 | sed 's/.*packed in/packed/'; done
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 250 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
