# Session 47 call 6: tracebacks of every level in one launch at the last, beside the build
# before the session (6bd142d, .gpu-base): single-pair alignments, 10^4 batch alignments; the
# alignment tests.
o=$OUT/c6; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
c=$d/cudalign
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 100 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for b in gpu-base gpu; do run $b pairs --repeat 5 $d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz; done
run gpu a10k --repeat 3 --batch synthetic:10000:10000:0.9 --batch synthetic:10000:10000:0.99
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-t LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_SAMPLE_DIR=$PWD/data
  for t in "" "--test-case=HHV*" "--test-case=E.coli*"; do timeout 90 .gpu/bin/test_alignment $t --no-skip 2>&1 | tail -2 | head -1; done
  timeout 60 .gpu/bin/test_variants --variant=wfa-traceback --test-case="traceback:*" 2>&1 | tail -2 | head -1 )
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
