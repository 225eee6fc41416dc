# Session 65 call 3: which breakpoint engine an alignment of a 10 kbp pair finishes sooner on,
# alone and in batches of 10^4, at d687cc3 (wfa-traceback up to 88): auto (persistent below
# 2^30 cells), bitpar, persistent.
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache_new
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
{
run hiv --variants auto,bitpar,persistent --align --repeat 7 $hiv
run s10k --variants auto,bitpar,persistent --align --repeat 7 --lengths 10k --similarities 0.8,0.9,0.95
for s in 0.8 0.9 0.95; do run b$s --variants auto,bitpar,persistent --align --repeat 2 --batch synthetic:10000:10000:$s; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
rm -f $o/*.png; gzip $o/*.log
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
