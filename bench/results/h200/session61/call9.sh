# Session 61 call 9: the final build's short pairs, auto beside each engine named (issue 22's
# "auto within 10% of the best engine" on the rows it missed by 20% in call 1).
o=$OUT/c9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
hiv="$d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh
    timeout 150 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/ GCUPS.*//" )
}
v="--variants auto,persistent,bitpar"
{
run hiv $v --repeat 9 $hiv
run s10k $v --repeat 9 --lengths 10k --similarities 0.8,0.9,0.95
run s100k $v --repeat 5 --lengths 100k --similarities 0.8,0.9,0.95
run hiv2 $v --repeat 9 $hiv
} > $o/rows.txt 2>&1
cat $o/rows.txt
gzip $o/*.log
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
