# Session 55 call 6: the mosaic 3 Mbp pairs at 90 and 93% beside the peers (edlib, WFA2-lib, one host thread each, 30 s limit), final build (9657c3a).
o=$OUT/c6; mkdir -p $o
export LEVCL_DEVICE=nvidia
source .gpu/env.sh
nvidia-smi --query-gpu=name --format=csv,noheader > $o/device.txt
timeout 400 levcl-bench --variants auto --peers edlib,wfa2 --repeat 3 --time-limit 30 --lengths 3M --similarities 0.9,0.93 --mosaic -o $o/mosaic-peers > $o/rows.txt 2>&1
cat $o/rows.txt | grep -E "levcl-bench: .*:" 
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
