# Session 42 call 1: persistent's strings read as aligned words (load_word), the first byte alone first and both
# directions' reads side by side (now), load_word alone (alt: .gpu/alt through LEVCL_KERNEL_DIR), beside the build
# before (.gpu-base, 7d93b64); byte against word extension; pwg (wfa_extend reads words too);
# where a radius goes (phase_timing.py of session 40 on this kernel); the PTX's loads; the GPU tests.
o=$OUT/s1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
rows() {  # ENV LABEL PARAMS...
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 60 levcl-bench --variants persistent,auto --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 60 levcl-bench --lengths 1M,10M --similarities 0.999 --variants persistent,auto --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-999
    timeout 60 levcl-bench --lengths 10M --similarities 0.99 --variants persistent --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-99
    timeout 60 levcl-bench --lengths 100M --similarities 0.999 --variants persistent --peers none --repeat 2 --row-budget 10 "${@:3}" -o $o/$2-100M
    timeout 60 levcl-bench --lengths 3M --similarities 0.93 --variants pwg,auto --peers none --repeat 3 --row-budget 6 "${@:3}" -o $o/$2-pwg ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
ext() {  # ENV LABEL EXTEND
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 60 levcl-bench --variants persistent --peers none --repeat 3 --row-budget 6 --param persistent.extend=$3 -o $o/$2-x$3-ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
    timeout 60 levcl-bench --lengths 10M --similarities 0.999,0.99 --variants persistent --peers none --repeat 3 --row-budget 6 --param persistent.extend=$3 -o $o/$2-x$3-10M ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2 extend=$3: /"
}
{ rows .gpu-base base; rows .gpu now; ( export LEVCL_KERNEL_DIR=$PWD/.gpu/alt; rows .gpu alt )
  ext .gpu-base base 0; ext .gpu now 0; ext .gpu-base base 2; ext .gpu now 2; } | tee $o/rows.txt
source .gpu/env.sh
# The loads of the programs each build compiled (NVIDIA's binaries are PTX).
for c in base now; do for f in $(grep -l "wfa_persistent\|wfa_pwg" -r /tmp/cache-$c 2>/dev/null); do
  echo "$c $(basename $f): $(grep -c 'wfa_persistent(' $f) persistent, $(grep -c 'wfa_pwg(' $f) pwg; u8 $(grep -cE 'ld\.global(\.nc)?\.u8' $f), u64 $(grep -cE 'ld\.global(\.nc)?\.u64' $f), v2/v4 $(grep -cE 'ld\.global(\.nc)?\.v[24]' $f)"; done; done > $o/ptx-loads.txt 2>&1
ph() {  # LABEL PARAMS...
  echo "== $1"
  LEVCL_CACHE_DIR=/tmp/cache-ph LEVCL_KERNEL_DIR=$PWD/.gpu/instr timeout 60 levcl-bench --variants persistent --peers none --repeat 1 "${@:2}" -o $o/ph-$1 2>&1 | grep -E "^PH|levcl-bench: .*: levcl|rror" | grep -v "m=100000)"
}
{ ph ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
  ph 999 --lengths 1M,10M --similarities 0.999
  ph 99 --lengths 10M --similarities 0.99; } > $o/phases.txt 2>&1
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in "test_wfa_persistent" "test_variants --variant=persistent --test-case=distance:*"; do
  s=$SECONDS; name=$(echo $t | tr -c 'a-z_\n' '_'); (set -f; timeout 100 $t > $o/$name.txt 2>&1); echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf s1.tgz s1 && rm -rf s1
