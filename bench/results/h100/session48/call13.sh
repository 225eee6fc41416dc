# Session 48 call 13: pieces of distance 2 or more longer than 2,048 bytes split again rather
# than traced (a traceback work-item extends its piece alone), beside the build before
# (a748ab2, .gpu-head), alternating: single-pair alignments, 10^4 batch alignments at 90% and
# 99%; the alignment GPU tests.
o=$OUT/c13; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --align --variants auto --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for r in 1 2; do for b in gpu-head gpu; do
  run $b syn$r --repeat 3 --lengths 1M --similarities 0.99,0.999
  run $b pairs$r --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz $d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz
done; done
for b in gpu-head gpu; do run $b batch --repeat 2 --batch synthetic:10000:10000:0.9 --batch synthetic:10000:10000:0.99; done
for b in gpu-head gpu; do run $b mot --repeat 2 $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz; done
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-t LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_SAMPLE_DIR=$PWD/data
  for t in "" "--test-case=HHV*" "--test-case=E.coli*"; do timeout 90 .gpu/bin/test_alignment $t --no-skip 2>&1 | tail -2 | head -1; done
  for v in persistent bitpar; do timeout 90 .gpu/bin/test_variants --variant=$v --test-case="breakpoint:*" 2>&1 | tail -2 | head -1; done )
cd $OUT && tar czf c13.tgz c13 && rm -rf c13
