# Session 65 call 4: bitpar's breakpoints with the top pieces' first bands on the host's
# threads (96178ce): bitpar named on the batches of call 3, and the single pairs through auto.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_new
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
{
run pairs --variants auto,bitpar --align --repeat 7 $hiv $hhv
for s in 0.8 0.9 0.95; do run b$s --variants persistent,bitpar --align --repeat 2 --batch synthetic:10000:10000:$s; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
