# Session 49 call 13 (nvidia-h100-x2 or h200-x2): the stop's final build over a host's two GPUs
# beside one (bench/h100.sh devices: batches, batch alignments, the split 10 Mbp and motivating
# pairs; test_devices first), issue 22's rows last measured in session 36.
o=$OUT/c13; mkdir -p $o
nvidia-smi --query-gpu=name --format=csv,noheader > $o/gpus.txt 2>&1
source .gpu/env.sh
timeout 560 bash bench/h100.sh devices $o
tail -3 $o/test_devices.txt
for f in $o/*.md; do echo "== $(basename $f)"; grep -h "^| " $f | grep -v "^| pair\|^|---" | cut -d'|' -f2,7,10 ; done
cd $OUT && tar czf c13.tgz c13 && rm -rf c13
