# Session 63 call 8: the final build's auto beside each engine named on short pairs (issue 22).
o=$OUT/c8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache
    timeout 120 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
v="--variants auto,persistent,bitpar"
{
run hiv $v --repeat 9 $hiv
run s10k $v --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s100k $v --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
