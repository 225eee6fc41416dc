# Session 53 call 2 (nvidia-h100-x4): the timeline of 10^5 pairs of 10 kbp over four GPUs and one
# (1f9f395's debug lines: each chunk's launch and collection on the host's clock, its kernels on the
# device's; each device's share), chunks of 128 MiB and of 64 MiB.
o=$OUT/c2; mkdir -p $o
nvidia-smi -L > $o/gpus.txt; nproc >> $o/gpus.txt
bench() {  # NAME TIMEOUT DEVICES ARGS...
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    n=$o/$1
    timeout $2 levcl-bench --device $3 "${@:4}" --variants auto --peers none --repeat 3 -o $n -vv 2>&1 |
      grep -E "levcl-bench|distances of|batch-bitpar|probe|device " > $n.log
    echo "$1:"; grep -h '^| [as]' $n.md | cut -d'|' -f2,6,9 )
}
bench all 150 all --batch synthetic:100000:10000:0.9 --batch synthetic:100000:10000:0.8
bench all-chunk64 90 all --batch synthetic:100000:10000:0.9 --param batch-bitpar.chunk=65536
bench one 80 0:0 --batch synthetic:100000:10000:0.9
cd $OUT && tar czf c2.tgz c2 && rm -rf c2
