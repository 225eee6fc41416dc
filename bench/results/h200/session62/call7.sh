# Session 62 call 7: the final build's alignments and distances beside the CPU peers on this
# host (edlib, WFA2-lib; their alignment: edlib's path, WFA2-lib's BiWFA), HHV-6B x EBV and
# the HIV-1 pair; the plasmids with edlib only within the time limit.
o=$OUT/c7; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
hhv="$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz"
pla="$d/cudalign/NC_000914.1.fa.gz $d/cudalign/NC_003064.2.fa.gz"
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
source .gpu/env.sh
run() {  # TAG ARGS...
  local t=$1; shift
  timeout 280 levcl-bench "$@" -o $o/$t 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
  grep -hE "levcl-bench: .*: |^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//"
}
{
run hhv --variants auto --align --repeat 1 --time-limit 60 $hhv
run hiv --variants auto --align --repeat 5 --time-limit 60 $hiv
run pla --variants auto --align --repeat 1 --peers edlib --time-limit 60 $pla
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
