# Session 48 call 12: wfa-traceback's launches of at most 8 bytes of fronts per byte of the
# strings (a748ab2): alignments' peak device memory and times (call 11 ran the build before,
# the same pairs); batch alignments; the alignment GPU tests.
o=$OUT/c12; mkdir -p $o; d=.gpu/data; c=$d/cudalign
export LEVCL_DEVICE=nvidia
( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
  timeout 200 levcl-bench --align --variants auto --peers none --repeat 2 $c/BA000035.2.fa.gz $c/BX927147.1.fa.gz \
    $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/genomes -vv 2> $o/genomes.log >/dev/null
  timeout 120 levcl-bench --align --variants auto --peers none --repeat 3 $d/hiv/AF133821.1.fa.gz $d/hiv/AY352275.1.fa.gz \
    $c/NC_000898.1.fa.gz $c/NC_007605.1.fa.gz $c/CP000051.1.fa.gz $c/AE002160.2.fa.gz -o $o/divergent -vv 2> $o/divergent.log >/dev/null
  timeout 120 levcl-bench --align --variants auto --peers none --repeat 3 --lengths 1M --similarities 0.99,0.999 \
    -o $o/synthetic -vv 2> $o/synthetic.log >/dev/null
  timeout 150 levcl-bench --align --variants auto --peers none --repeat 2 --batch synthetic:10000:10000:0.9 \
    -o $o/batch -vv 2> $o/batch.log >/dev/null
  grep -hE "levcl-bench: .*levcl" $o/genomes.log $o/divergent.log $o/synthetic.log $o/batch.log
  grep -h "levcl align" $o/genomes.md $o/divergent.md $o/synthetic.md $o/batch.md | grep -o "^| [^|]* |\|peak device [0-9.]* MiB ([0-9.]* B per input byte)" | paste - -
  export LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_SAMPLE_DIR=$PWD/data
  for t in "" "--test-case=HHV*" "--test-case=E.coli*"; do timeout 90 .gpu/bin/test_alignment $t --no-skip 2>&1 | tail -2 | head -1; done
  timeout 90 .gpu/bin/test_variants --variant=wfa-traceback --test-case="traceback:*" 2>&1 | tail -2 | head -1 )
cd $OUT && tar czf c12.tgz c12 && rm -rf c12
