# Session 60 call 4: the final build, a pair's two 1 Mbp strings packed at once on two
# threads (conc), beside the same build packing them one after the other (seq, .gpu/seq),
# each twice, alone and after E. coli in the same process.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG BUILD ARGS...
  local t=$1 e=$2; shift 2
  ( source .gpu/env.sh; [ $e = seq ] && source .gpu/seq/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$e
    timeout 60 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
one="--lengths 1M --similarities 0.999"
{
for k in 1 2; do for e in conc seq; do
  run one_${e}_$k $e --variants auto --repeat 9 $one
  run mix_${e}_$k $e --variants auto --repeat 5 $one $eco
done; done
} > $o/rows.txt 2>&1
cat $o/rows.txt
for f in $o/*.log; do echo "$(basename $f .log): $(grep 'distance 887 of' $f | grep -oE 'in [0-9.]+ s' | awk '{printf "%.3f ", $2*1000}') | ahead $(grep -B8 'distance 887 of' $f | grep -oE 'copied ahead in [0-9.]+' | awk '{printf "%s ", $4}')"; done
gzip $o/*.log
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
