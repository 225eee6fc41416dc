# Session 56 call 9: persistent's narrow fronts by halo (steps between the workgroups' edge
# exchanges) and wg, final build (8b7cc7b): 1 and 10 Mbp at 99.9%, E. coli.
o=$OUT/c9; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-gpu
source .gpu/env.sh
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
row() {  # LABEL PARAMS...
  local label=$1; shift
  local ps=(); for p in "$@"; do ps+=(--param "persistent.$p"); done
  timeout 60 levcl-bench --peers none --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.999 $eco "${ps[@]}" -o $o/$label -vv 2> $o/$label.log > /dev/null
  echo "$label: $(grep -hE 'levcl-bench: .*: levcl' $o/$label.log | sed 's/levcl-bench: //; s/: levcl persistent//; s/(median of .), //; s/ GCUPS.*//' | tr '\n' ';')"
}
row default
for h in 8 16 64 128; do row halo$h halo=$h; done
for w in 128 512; do row wg$w wg=$w; done
row default-again
gzip $o/*.log
cd $OUT && tar czf c9.tgz c9 && rm -rf c9
