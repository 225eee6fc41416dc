# Session 56 call 10: issue 26's similar rows beside the peers (edlib, WFA2-lib, one host thread
# each, 20 s limit), final build's code (795c799; e51da68 changes names only).
o=$OUT/c10; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_CACHE_DIR=/tmp/cache-gpu
source .gpu/env.sh
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
timeout 280 levcl-bench --variants auto --peers edlib,wfa2 --repeat 3 --time-limit 20 --lengths 1M,10M --similarities 0.999 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/peers > $o/rows.txt 2>&1
grep -E "levcl-bench: .*: " $o/rows.txt
cd $OUT && tar czf c10.tgz c10 && rm -rf c10
