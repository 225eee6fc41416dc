# Session 60 call 1: the host's share of a narrow pair (states and results by the device,
# the two strings packed at once) against session 59's build (9ed7eca) in the same call;
# the 1 Mbp pair's kernel under other parameters; the wide pairs and E. coli's alignment
# for regressions; persistent's GPU tests.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG ENV ARGS...: ENV "old" runs session 59's build
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = old ] && source .gpu/old/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$e
    timeout 90 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
one="--lengths 1M --similarities 0.999"
{
run sim new --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run sim_old old --variants auto --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
run sim2 new --variants auto --repeat 9 $one
run sim2_old old --variants auto --repeat 9 $one
for p in halo=8 halo=16 halo=64 wg=128 wg=512 extend=0 prefetch=1 solo=8; do
  run p_${p/=/_} new --variants persistent --repeat 5 $one --param persistent.$p
done
run wide new --variants auto --repeat 3 --lengths 10M --similarities 0.99
run big new --variants auto --repeat 3 --lengths 100M --similarities 0.999
run align new --variants auto --repeat 3 --align $eco
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in sim sim_old sim2 sim2_old; do echo "== $f"; grep -hE "copied ahead|set up|chosen in" $o/$f.log | tail -6; done
( JOBS=4 ONLY="test_wfa_persistent|test_variant_persistent|test_alignment" timeout 250 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1 )
grep -E "passed|FAILED|entries" $o/tests/tests.txt | grep -v "^ " | tail -20
rm -rf $o/tests/cache-*
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
