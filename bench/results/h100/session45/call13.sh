# Session 45 call 13: a work-item's own look at a run 8 bytes, one aligned 16-byte load a string where the
# 8 bytes lie in one chunk (load_eight; SOLO_BYTES 8) -- this build -- beside bc99308 (.gpu-base),
# alternated; GPU tests of persistent and the alignment.
o=$OUT/c13; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
e="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
rows() {  # LABEL BUNDLE
  echo "== $1"
  ( source $2/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$1
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 $e -o $o/$1-ecoli
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 1M,10M --similarities 0.999 -o $o/$1-999
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --lengths 10M --similarities 0.99 -o $o/$1-99
    timeout 60 levcl-bench --variants persistent --peers none --repeat 2 --lengths 100M --similarities 0.999 -o $o/$1-100M
    timeout 60 levcl-bench --align --variants auto --peers none --repeat 3 $e -o $o/$1-align-ecoli
    levcl -vv --variant persistent $e 2>&1 | grep -o "kernel [0-9.]* ms" | head -1
  ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror|kernel"
}
{ rows base .gpu-base; rows new .gpu; rows base2 .gpu-base; rows new2 .gpu; } > $o/rows.txt 2>&1
cat $o/rows.txt
JOBS=4 ONLY="persistent|test_alignment" timeout 200 bash tests/gpu_suite.sh $o/tests > /dev/null 2>&1
cat $o/tests/tests.txt; rm -rf $o/tests/cache-*
cd $OUT && tar czf c13.tgz c13 && rm -rf c13
