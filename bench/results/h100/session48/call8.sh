# Session 48 call 8: auto's choice where the wavefront engines and bitpar compete, this
# session's build (3ee3d99's code) beside the build before the session (9d3b568, .gpu-base):
# synthetic 100 kbp and 1 Mbp at 90/99/99.9%, 10 Mbp at 99%, E. coli; auto beside bitpar
# and persistent.
o=$OUT/c8; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia
run() {  # BUILD TAG ARGS...
  local b=$1 t=$2; shift 2
  ( source .$b/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$b
    timeout 150 levcl-bench --peers none "$@" -o $o/$b-$t -vv 2> $o/$b-$t.log >/dev/null
    grep -hE "levcl-bench: .*: levcl" $o/$b-$t.log | sed "s/^/$b $t: /; s/(median of .), //; s/ GCUPS.*//" )
}
for b in gpu-base gpu; do
  run $b small --variants auto,bitpar,persistent --repeat 5 --lengths 100K,1M --similarities 0.9,0.99,0.999
  run $b big --variants auto,bitpar,persistent --repeat 3 --lengths 10M --similarities 0.99
  run $b ecoli --variants auto,bitpar,persistent --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz
done
cd $OUT && tar czf c8.tgz c8 && rm -rf c8
