# Session 61 call 1: which breakpoint engine finishes an alignment first, pair by pair and in
# batches (auto, persistent, bitpar), at the session's start build.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
v="--variants auto,persistent,bitpar --align"
{
run hiv $v --repeat 5 $hiv
run hhv $v --repeat 3 $hhv
run s10k $v --repeat 5 --lengths 10k --similarities 0.8,0.9,0.95
run s100k $v --repeat 3 --lengths 100k --similarities 0.8,0.9,0.95
run b90 $v --repeat 3 --batch synthetic:10000:10000:0.9
run b80 $v --repeat 3 --batch synthetic:10000:10000:0.8
run b95 $v --repeat 3 --batch synthetic:10000:10000:0.95
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in $o/b*.md; do grep "align" $f; done
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
