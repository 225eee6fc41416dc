# Session 43 call 3: where a radius goes now (phase_timing.py of this session on this build's kernel).
o=$OUT/c3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
ph() {  # LABEL PARAMS...
  echo "== $1"
  LEVCL_CACHE_DIR=/tmp/cache-ph LEVCL_KERNEL_DIR=$PWD/.gpu/instr timeout 60 levcl-bench --variants persistent --peers none --repeat 1 "${@:2}" -o $o/ph-$1 2>&1 | grep -E "^PH|levcl-bench: .*: levcl|rror" | grep -v "m=100000)"
}
{ ph ecoli $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
  ph ecoli-h1 --param halo=1 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
  ph 999 --lengths 1M,10M --similarities 0.999
  ph 99 --lengths 10M --similarities 0.99; } > $o/phases.txt 2>&1
cd $OUT && tar czf c3.tgz c3 && rm -rf c3
