# Session 45 call 12: strings of 4 MiB and more copied through two pinned slots of 1 MiB a device keeps,
# filled by up to 8 host threads (StringStaging; this build) beside 19dbe48 (.gpu-base), alternated;
# the debug lines' copy times; one-pair processes (levcl, each its first call); the motivating pair.
o=$OUT/c12; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"; mot="$c/BA000035.2.fa.gz $c/BX927147.1.fa.gz"
rows() {  # LABEL BUNDLE
  echo "== $1"
  ( source $2/env.sh
    timeout 60 levcl-bench --variants persistent --peers none --repeat 5 $e -o $o/$1-ecoli
    timeout 60 levcl-bench --variants persistent --peers none --repeat 5 --lengths 10M --similarities 0.999 -o $o/$1-999
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 100M --similarities 0.999 -o $o/$1-100M
    timeout 60 levcl-bench --variants auto --peers none --repeat 5 $mot -o $o/$1-mot
    for t in 1 2 3; do levcl --json --variant persistent $e | grep -o '"seconds":[0-9.e-]*' | sed "s/^/levcl E. coli process: /"; done
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror|process"
}
{ rows base .gpu-base; rows new .gpu; rows base2 .gpu-base; rows new2 .gpu; } > $o/rows.txt 2>&1
cat $o/rows.txt
for v in base new; do
  b=.gpu; [ $v = base ] && b=.gpu-base
  ( source $b/env.sh
    levcl -vv --variant persistent $e
    levcl-bench -vv --variants persistent --peers none --repeat 2 --lengths 10M --similarities 0.999 -o /tmp/x
    levcl-bench -vv --variants persistent --peers none --repeat 2 --lengths 100M --similarities 0.999 -o /tmp/x
  ) 2>&1 | grep -E "strings copied|levcl-bench: .*: levcl" > $o/copies-$v.txt
done
grep -h "copied" $o/copies-*.txt | cut -c1-120
( source .gpu/env.sh; timeout 120 test_context --test-case="a long pair*" ) > $o/test_context.txt 2>&1; tail -3 $o/test_context.txt
cd $OUT && tar czf c12.tgz c12 && rm -rf c12
