#!/usr/bin/env bash
# The H100 experiments of bench/README.md, phase by phase, exactly as they were run.
# On the GPU host, from the repository root, after bundling (see bench/README.md):
#   source .gpu/env.sh; bash bench/h100.sh PHASE OUTDIR
# .gpu/bin holds levcl-bench, .gpu/data the cudalign/, ecoli/ and sarscov2/ folders of ../shared/data.
set -euo pipefail
phase=$1 out=$2
mkdir -p "$out"
export LEVCL_DEVICE=${LEVCL_DEVICE:-nvidia} LEVCL_CACHE_DIR=${LEVCL_CACHE_DIR:-/tmp/levcl-cache}
d=.gpu/data
motivating=("$d/cudalign/BA000035.2.fa.gz" "$d/cudalign/BX927147.1.fa.gz")
case $phase in
  progression)  # 1. every variant, tuned configuration, on the paper's motivating example (Fig. 12)
    levcl-bench --variants all --peers none --repeat 3 --row-budget 25 -o "$out/progression" "${motivating[@]}" ;;
  table3-short)  # 2. Table 3 rows 1-2 and the E. coli pair: best variant, edlib, WFA2-lib
    levcl-bench --repeat 3 --row-budget 20 --time-limit 120 -o "$out/table3-short" \
      "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" \
      "$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz" \
      "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz" ;;
  table3-long)  # 2. Table 3 rows 3-4
    levcl-bench --repeat 3 --row-budget 20 --time-limit 120 -o "$out/table3-long" \
      "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}" ;;
  sweep-1M)  # 3. similarity sweep like Fig. 13, 1 Mbp
    levcl-bench --lengths 1M --similarities 0.5,0.7,0.9,0.99,0.999 --repeat 3 --row-budget 10 --time-limit 40 \
      -o "$out/sweep-1M" ;;
  sweep-10M)  # 3. similarity sweep like Fig. 13, 10 Mbp
    levcl-bench --lengths 10M --similarities 0.5,0.7,0.9,0.99,0.999 --repeat 3 --row-budget 10 --time-limit 20 \
      -o "$out/sweep-10M" ;;
  bitpar-genomes)  # 4. the bit-parallel engine: Table 3 and E. coli, bitpar beside pwg, auto, edlib and WFA2-lib
    levcl-bench --variants bitpar,pwg,auto --repeat 3 --row-budget 10 --time-limit 30 -o "$out/bitpar-genomes" \
      "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" \
      "$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz" \
      "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}" \
      "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz" ;;
  bitpar-sweep-1M | bitpar-sweep-10M)  # 4. the bit-parallel engine: similarity sweeps
    length=${phase#bitpar-sweep-}
    levcl-bench --lengths "$length" --similarities 0.5,0.7,0.9,0.99,0.999 --variants bitpar,pwg,auto --repeat 3 \
      --row-budget 10 --time-limit 20 -o "$out/bitpar-sweep-$length" ;;
  batch)  # 5. batches: Context::distances beside edlib and WFA2-lib on every host thread; a stream of 10^7 pairs
    levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:1000000:150:0.95 \
      --batch synthetic:100000:10000:0.9 --batch stream:10000000:150:0.95 --variants auto,cpu-bitpar --repeat 2 \
      --time-limit 300 -o "$out/batch" ;;
  persistent-sweep)  # 6. the persistent engine: similar synthetic pairs, beside pwg and bitpar (auto before it) and WFA2-lib
    levcl-bench --lengths 1M,10M --similarities 0.99,0.999,0.9999 --variants persistent,pwg,bitpar,auto --peers wfa2 \
      --repeat 3 --row-budget 10 --time-limit 20 -o "$out/persistent-sweep" ;;
  persistent-genomes)  # 6. the persistent engine: E. coli and a 100 Mbp pair at 99.9%
    levcl-bench --variants persistent,pwg,auto --peers wfa2 --repeat 3 --row-budget 10 --time-limit 30 \
      -o "$out/persistent-ecoli" "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
    levcl-bench --lengths 100M --similarities 0.999 --variants persistent,pwg,auto --peers wfa2 --repeat 3 \
      --row-budget 10 --time-limit 60 -o "$out/persistent-100M" ;;
  align-genomes)  # 7. alignments (Context::align) beside the distance (auto, persistent), edlib's path and WFA2-lib's BiWFA CIGAR: E. coli, Table 3 row 1
    levcl-bench --align --variants auto,persistent --repeat 3 --row-budget 20 --time-limit 60 -o "$out/align-genomes" \
      "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz" \
      "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" ;;
  align-plasmids)  # 7. Table 3 row 2, the peers limited to 30 s
    levcl-bench --align --variants auto,persistent --repeat 3 --row-budget 20 --time-limit 30 -o "$out/align-plasmids" \
      "$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz" ;;
  align-sweep)  # 7. alignments of synthetic 10 Mbp pairs at 99.9% and 99%
    levcl-bench --align --lengths 10M --similarities 0.99,0.999 --variants auto,persistent --repeat 3 --row-budget 10 \
      --time-limit 30 -o "$out/align-sweep" ;;
  align-long)  # 7. alignments of Table 3 rows 3-4, one run each
    levcl-bench --align --variants auto --repeat 1 --time-limit 30 -o "$out/align-long" \
      "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}" ;;
  align-batch)  # 7. alignments of 10^5 pairs of 10 kbp at 90% (Context::aligns) beside their distances and the peers on every host thread
    levcl-bench --align --batch synthetic:100000:10000:0.9 --variants auto --repeat 2 --time-limit 120 \
      -o "$out/align-batch" ;;
  coldstart)  # a fresh host's first calls (no program cache, an empty CUDA JIT cache), then the same calls again
    hiv=("$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz")
    hhv=("$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz")
    fresh=$(mktemp -d) log=$out/coldstart.txt
    timed() {  # LABEL CACHE COMMAND...: one process with program and JIT caches named CACHE; its log and wall time
      local start=$EPOCHREALTIME status=0
      LEVCL_CACHE_DIR=$fresh/$2 CUDA_CACHE_PATH=$fresh/$2-cuda "${@:3}" 2>>"$log" >/dev/null || status=$?
      awk -v a="$start" -v b="$EPOCHREALTIME" -v l="$1" -v s="$status" \
        'BEGIN { printf "%s: %.3f s%s\n", l, b - a, s == 0 ? "" : " (exit " s ")" }' >>"$log"
    }
    for round in first again; do
      timed "$round device list" init levcl --list-devices
      timed "$round HIV-1 distance" distance levcl -vv "${hiv[@]}"
      timed "$round HHV-6B x EBV alignment (PAF)" alignment levcl -vv --format paf "${hhv[@]}"
    done ;;
  bands)  # bitpar's bands from the estimate: its tuning rows, then mosaic, synthetic and real pairs beside pwg, persistent and auto
    levcl-tune --variants bitpar --length 1280000 --similarities 0.5,0.9,0.99 --budget 90 --output "$out/bitpar-tune.json"
    engines=(--peers none --repeat 2 --row-budget 6)
    levcl-bench --lengths 3M --similarities 0.9,0.93,0.95,0.99 --mosaic --variants bitpar,pwg,persistent,auto "${engines[@]}" \
      -o "$out/mosaic-3M"
    levcl-bench --lengths 3M --similarities 0.93 --variants bitpar,pwg,persistent,auto "${engines[@]}" -o "$out/synthetic-3M"
    levcl-bench --lengths 1M,10M --similarities 0.999 --variants bitpar,persistent,auto "${engines[@]}" -o "$out/similar"
    levcl-bench --variants bitpar,pwg,auto "${engines[@]}" -o "$out/divergent" \
      "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" "$d/cudalign/NC_003064.2.fa.gz" \
      "$d/cudalign/NC_000914.1.fa.gz" "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}"
    levcl-bench --variants bitpar,persistent,pwg,auto "${engines[@]}" -o "$out/ecoli" \
      "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
    for pair in "$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz" "${motivating[*]}"; do
      levcl --json $pair >>"$out/auto-json.txt"
    done ;;
  sweeps-tune)  # bitpar's tuning rows with two sweeps towards the middle row (spliced into the shipped entry)
    levcl-tune --variants bitpar --length 1280000 --similarities 0.5,0.9,0.99 --budget 60 --output "$out/bitpar-tune.json" ;;
  pwg-tune)  # pwg's tuning rows again (the shipped ones predate its word extension), spliced into the shipped entry
    levcl-tune --variants pwg --length 1280000 --similarities 0.5,0.9,0.99 --budget 100 --output "$out/pwg-tune.json"
    python3 tuning/splice_entry.py tuning/nvidia-h100-80gb-hbm3.json "$out/pwg-tune.json" "$out/nvidia-h100-80gb-hbm3.json" ;;
  sweeps)  # bitpar's two sweeps towards the middle row: divergent and banded distances, and alignments by its breakpoints
    engines=(--peers none --repeat 2 --row-budget 6)
    levcl-bench --lengths 3M --similarities 0.93 --variants bitpar,auto "${engines[@]}" -o "$out/synthetic-3M"
    levcl-bench --lengths 3M --similarities 0.93 --mosaic --variants bitpar,auto "${engines[@]}" -o "$out/mosaic-3M"
    levcl-bench --variants bitpar,auto "${engines[@]}" -o "$out/divergent" \
      "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" "$d/cudalign/NC_003064.2.fa.gz" \
      "$d/cudalign/NC_000914.1.fa.gz" "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}"
    levcl-bench --align --variants bitpar,auto --peers none --repeat 1 --time-limit 30 -o "$out/align-divergent" \
      "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" "$d/cudalign/NC_003064.2.fa.gz" \
      "$d/cudalign/NC_000914.1.fa.gz" "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}"
    levcl-bench --align --variants auto --peers none --repeat 1 --time-limit 30 -o "$out/align-ecoli" \
      "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
    # auto between bitpar's halved chain and the wavefront engines on similar pairs
    levcl-bench --variants bitpar,persistent,pwg,auto "${engines[@]}" -o "$out/ecoli" \
      "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
    levcl-bench --lengths 1M,10M --similarities 0.99,0.999 --variants bitpar,persistent,pwg,auto "${engines[@]}" \
      -o "$out/similar"
    # Where an alignment's time goes, level by level (plan, run, read, meet per launch)
    levcl -vv --align --variant bitpar "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" \
      2>&1 >/dev/null | grep -E 'bitpar:|align|traceback' >"$out/align-levels.log"
    for pair in "$d/cudalign/NC_000898.1.fa.gz $d/cudalign/NC_007605.1.fa.gz" "${motivating[*]}" \
      "$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"; do
      levcl --json $pair >>"$out/auto-json.txt"
    done ;;
  batches)  # batches at the bus's limit: the host copies bytes, the device packs; the wavefront trial to 1/8 of the lengths
    levcl-bench --batch synthetic:1000000:150:0.95 --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" \
      --batch synthetic:100000:10000:0.9 --batch synthetic:100000:10000:0.8 --batch stream:10000000:150:0.95 \
      --variants auto,batch-bitpar,persistent --peers none --repeat 3 --time-limit 120 -o "$out/batches"
    # where a batch's host time goes: batch-bitpar's phases (debug log) on the short pairs
    levcl-bench --batch synthetic:1000000:150:0.95 --variants batch-bitpar --peers none --repeat 3 -vv \
      -o "$out/batch-phases" 2>&1 | grep -E 'batch-bitpar:|distances of' >"$out/batch-phases.log"
    levcl-bench --align --batch synthetic:10000:10000:0.9 --batch synthetic:100000:10000:0.9 --variants auto \
      --peers none --repeat 2 --time-limit 120 -o "$out/align-batches"
    # where an alignment batch's time goes, level by level
    levcl-bench --align --batch synthetic:10000:10000:0.9 --variants auto --peers none --repeat 1 -vv \
      -o "$out/align-levels" 2>&1 | grep -E 'align:|persistent:|bitpar:' >"$out/align-levels.log"
    # Python: levcl.distances on 10^6 pairs of 150 bp given as lists of str (where the host has CPython 3.11 and numpy)
    PYTHONPATH=.gpu/python python3 bench/python_batch.py 1000000 150 >"$out/python.txt" 2>&1 || true ;;
  local-columns)  # persistent's pieces of one workgroup with their columns in local memory (persistent.local; 0: global)
    for local in 0 256 512 1024; do
      levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:100000:10000:0.99 \
        --variants auto,persistent --param "persistent.local=$local" --peers none --repeat 3 -o "$out/batches-local-$local"
    done
    for local in 0 512; do
      levcl-bench --align --variants auto,persistent --param "persistent.local=$local" --peers none --repeat 3 \
        -o "$out/align-ecoli-local-$local" "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
    done
    # how many of the SARS-CoV-2 pairs end within the local columns' cap, and the launches
    levcl -vv --all-vs-all "$d/sarscov2/ncov_example_418.fa.gz" --variant persistent 2>&1 >/dev/null |
      grep -E 'persistent:|distances of' >"$out/local-columns.log" ;;
  devices)  # a host's GPUs (nvidia-h100-x2 or h200-x2): one device (0:0) beside every GPU (all), test_devices first
    unset LEVCL_DEVICE
    test_devices >"$out/test_devices.txt" 2>&1
    for dev in 0:0 all; do
      tag=${dev/:/-}
      levcl-bench --device $dev --batch synthetic:122:30000:0.988 --batch synthetic:1000000:150:0.95 \
        --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:100000:10000:0.9 \
        --batch synthetic:100000:10000:0.8 --variants auto --peers none --repeat 3 -o "$out/batches-$tag" -vv 2>&1 |
        grep -E "levcl-bench|distances of|batch-bitpar:|wavefront trial|auto:" >"$out/batches-$tag.log"
      levcl-bench --device $dev --align --batch synthetic:10000:10000:0.9 --batch synthetic:100000:10000:0.9 \
        --variants auto --peers none --repeat 2 -o "$out/align-$tag"
      levcl-bench --device $dev --lengths 10M --similarities 0.5 --variants auto,bitpar --peers none --repeat 2 \
        -o "$out/sweep10M-$tag"
      levcl-bench --device $dev --variants auto --peers none --repeat 3 -o "$out/motivating-$tag" "${motivating[@]}"
    done ;;
  host-threads)  # the host's share of alignments and batches: one build's rows (run twice, the build before beside it)
    pairs=("$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" "$d/cudalign/NC_003064.2.fa.gz"
           "$d/cudalign/NC_000914.1.fa.gz" "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz")
    ecoli=("$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz")
    levcl-bench --variants auto --peers none --repeat 3 -o "$out/dist" "${pairs[@]}" "${motivating[@]}" "${ecoli[@]}"
    levcl-bench --align --variants auto --peers none --repeat 3 -o "$out/align" "${pairs[@]}" "${ecoli[@]}"
    levcl-bench --align --variants auto --peers none --repeat 2 -o "$out/alignmot" "${motivating[@]}"
    levcl-bench --align --batch synthetic:10000:10000:0.9 --variants auto --peers none --repeat 3 -o "$out/abatch"
    levcl-bench --batch synthetic:1000000:150:0.95 --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" \
      --variants auto --peers none --repeat 3 -o "$out/batch"
    for k in 0 2; do  # HHV-6B x EBV and the plasmids: a run that loads the programs, then one logging its levels
      levcl --format paf "${pairs[@]:k:2}" >/dev/null 2>&1
      levcl -vv --format paf "${pairs[@]:k:2}" 2>>"$out/align-vv.log" >/dev/null
    done ;;
  mpi)  # levcl-mpi, one rank per GPU of the host (nvidia-h100-x2, -x4), beside one levcl process on one GPU and on all;
        # bundle first: ../shared/device/bundle .gpu ... build/tools/levcl-mpi && bash bench/bundle_mpi.sh .gpu
    source .gpu/mpienv.sh
    unset LEVCL_DEVICE
    in=$(mktemp -d) log=$out/mpi.txt gpus=$(nvidia-smi -L | wc -l)
    python3 bench/mpi_inputs.py "$in"
    workloads=("all-vs-all|--all-vs-all $d/sarscov2/ncov_example_418.fa.gz"
               "one-vs-many|--query $in/query.fa --targets $in/targets.fa"
               "10M-50|$in/a10M.fa $in/b10M.fa")
    # Each writes its output with -o: rank 0 then writes the file itself, where through
    # mpirun's forwarding of standard output the all-vs-all's lines cost 0.3-0.4 s (session 66).
    timed() {  # WORKLOAD RUNNER COMMAND...: its output beside the one-GPU levcl's, and its wall time (of the second run)
      local start status=0
      timeout 120 "${@:3}" -o "$in/out" 2>>"$log.stderr" || status=$?
      start=$EPOCHREALTIME
      [ $status = 0 ] && { timeout 120 "${@:3}" -o "$in/out" 2>>"$log.stderr" || status=$?; }
      local seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
      [ "$2" = "levcl 0:0" ] && cp "$in/out" "$in/reference"
      printf '| %s | %s | %s | %s |\n' "$1" "$2" "$seconds" \
        "$([ $status = 0 ] && cmp -s "$in/out" "$in/reference" && echo same || echo "DIFFERS (exit $status)")" >>"$log"
    }
    echo "| workload | runner | seconds | output as levcl on one GPU |" >"$log"
    echo "|---|---|---:|---|" >>"$log"
    for w in "${workloads[@]}"; do
      name=${w%%|*} args=${w#*|}
      timed "$name" "levcl 0:0" levcl --device 0:0 $args
      timed "$name" "levcl all" levcl --device all $args
      for np in 1 2 4 8; do  # one rank per GPU; two ranks share a host's only GPU (issue 23 allows it, said so)
        if [ $np -le "$gpus" ]; then timed "$name" "levcl-mpi -np $np" mpirun -np $np --bind-to none levcl-mpi $args
        elif [ $np = 2 ]; then timed "$name" "levcl-mpi -np 2, one GPU shared" mpirun -np 2 --bind-to none levcl-mpi $args; fi
      done
    done
    cat "$log" ;;
  tuner)  # levcl-tune's default run beside the shipped entry: auto on pairs and batches with each
    rows() {  # TAG
      levcl-bench --variants auto --peers none --repeat 3 --time-limit 20 -o "$out/pairs-$1" \
        "$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz" "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" \
        "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}" \
        "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
      levcl-bench --variants auto --peers none --repeat 3 --batch synthetic:1000000:150:0.95 \
        --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:100000:10000:0.9 \
        --batch synthetic:122:30000:0.988 -o "$out/batches-$1"
    }
    rows shipped
    mkdir -p "$out/overlay"
    start=$EPOCHREALTIME
    LEVCL_TUNING_DIR=$out/overlay levcl-tune --output "$out/overlay/levcl-tune-h100.json" >"$out/tune.log" 2>&1
    awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "levcl-tune: %.1f s\n", b - a }' >>"$out/tune.log"
    LEVCL_TUNING_DIR=$out/overlay rows tuned ;;
  wide-blocks)  # bitpar's 64-row blocks (bitpar.wide, default 2: where a pair's 32-row stripes outnumber 8 a compute unit) beside 32-row ones
    pairs=("$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz" "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz"
           "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}")
    levcl-bench --variants auto,bitpar --peers none --repeat 3 --time-limit 20 -o "$out/pairs-wide2" "${pairs[@]}" \
      --lengths 3M,10M --similarities 0.5,0.93
    levcl-bench --variants bitpar --param bitpar.wide=0 --peers none --repeat 3 --time-limit 20 -o "$out/pairs-wide0" \
      "${pairs[@]}" --lengths 3M,10M --similarities 0.5,0.93
    # batch_bitpar_lanes' 64-row blocks; 32-row ones with the kernels of the commit before
    # them (bd54b7b's cl/ in .gpu/oldcl through LEVCL_KERNEL_DIR)
    batches=(--batch synthetic:100000:10000:0.9 --batch synthetic:100000:10000:0.8
             --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:122:30000:0.988)
    levcl-bench --variants auto,batch-bitpar --peers none --repeat 3 "${batches[@]}" -o "$out/batch-wide"
    LEVCL_KERNEL_DIR=$PWD/.gpu/oldcl levcl-bench --variants auto,batch-bitpar --peers none --repeat 3 "${batches[@]}" \
      -o "$out/batch-32" ;;
  one-flush)  # bitpar's steady groups with one flush and one call site a step kind, beside the kernels before (.gpu/cl-old: 48cce6b's cl/, LEVCL_KERNEL_DIR)
    hhv=("$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz")
    plasmids=("$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz")
    chlamydia=("$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz")
    for k in new old; do
      kernels=; [ $k = old ] && kernels=$PWD/.gpu/cl-old
      export LEVCL_KERNEL_DIR=$kernels LEVCL_CACHE_DIR=/tmp/cache-$k
      levcl-bench --variants bitpar,auto --peers none --repeat 3 --row-budget 8 -o "$out/pairs-$k" \
        "${hhv[@]}" "${plasmids[@]}" "${chlamydia[@]}" "${motivating[@]}"
      levcl-bench --lengths 3M,10M --similarities 0.5,0.93 --variants bitpar,auto --peers none --repeat 3 --row-budget 8 \
        -o "$out/synth-$k"
      levcl-bench --lengths 3M --similarities 0.93 --mosaic --variants bitpar,auto --peers none --repeat 3 --row-budget 8 \
        -o "$out/mosaic-$k"
      levcl-bench --align --variants auto --peers none --repeat 2 --row-budget 8 -o "$out/align-$k" \
        "${hhv[@]}" "${plasmids[@]}" "${chlamydia[@]}" "${motivating[@]}" "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
    done ;;
  bitpar-rates)  # bitpar's tuning rows again (64-row blocks, one flush a steady group), spliced into the shipped entry; auto with each entry
    mkdir -p "$out/overlay"
    levcl-tune --variants bitpar --length 1280000 --similarities 0.5,0.9,0.99 --budget 60 --output "$out/bitpar-tune.json"
    python3 tuning/splice_entry.py tuning/nvidia-h100-80gb-hbm3.json "$out/bitpar-tune.json" "$out/overlay/nvidia-h100-80gb-hbm3.json"
    rows() {  # TAG [,VARIANTS]
      levcl-bench --variants auto --peers none --repeat 3 --row-budget 6 -o "$out/pairs-$1" \
        "$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz" "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz" \
        "$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz" "$d/cudalign/CP000051.1.fa.gz" \
        "$d/cudalign/AE002160.2.fa.gz" "${motivating[@]}" "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz"
      levcl-bench --lengths 1M,3M,10M --similarities 0.5,0.9,0.93,0.99,0.999 --variants "auto$2" --peers none --repeat 3 \
        --row-budget 6 -o "$out/synth-$1"
      levcl-bench --lengths 3M --similarities 0.9,0.93,0.95 --mosaic --variants "auto$2" --peers none --repeat 3 \
        --row-budget 6 -o "$out/mosaic-$1"
    }
    rows shipped ,bitpar
    LEVCL_TUNING_DIR=$out/overlay rows tuned "" ;;
  divergent-bands)  # divergent pairs' first band from the uncapped estimate, beside .gpu/old (8799212's levcl-bench and its libraries); the final rows with auto
    all=("$d/hiv/AF133821.1.fa.gz" "$d/hiv/AY352275.1.fa.gz" "$d/cudalign/NC_000898.1.fa.gz" "$d/cudalign/NC_007605.1.fa.gz"
         "$d/cudalign/NC_003064.2.fa.gz" "$d/cudalign/NC_000914.1.fa.gz" "$d/cudalign/CP000051.1.fa.gz" "$d/cudalign/AE002160.2.fa.gz"
         "${motivating[@]}" "$d/ecoli/MG1655.fa.gz" "$d/ecoli/DH1.oriented.fa.gz")
    rows() {  # TAG LEVCL-BENCH
      LEVCL_CACHE_DIR=/tmp/cache-$1 $2 --variants auto,bitpar --peers none --repeat 3 --row-budget 6 -o "$out/pairs-$1" "${all[@]}"
      LEVCL_CACHE_DIR=/tmp/cache-$1 $2 --lengths 1M,3M,10M --similarities 0.5,0.7,0.9,0.93,0.99 --variants auto --peers none \
        --repeat 3 --row-budget 6 -o "$out/synth-$1"
      LEVCL_CACHE_DIR=/tmp/cache-$1 $2 --lengths 3M --similarities 0.9,0.93,0.95 --mosaic --variants auto --peers none \
        --repeat 3 --row-budget 6 -o "$out/mosaic-$1"
      LEVCL_CACHE_DIR=/tmp/cache-$1 $2 --align --variants auto --peers none --repeat 2 --row-budget 6 -o "$out/align-$1" "${all[@]:2:8}"
    }
    rows new levcl-bench
    (export LD_LIBRARY_PATH=$PWD/.gpu/old/lib:$LD_LIBRARY_PATH; rows old .gpu/old/bin/levcl-bench)
    levcl-tune --variants bitpar --length 1280000 --similarities 0.5,0.9,0.99 --budget 60 --output "$out/bitpar-tune.json"
    # after splicing bitpar-tune.json into the shipped entry (tuning/splice_entry.py) and rebuilding:
    levcl-bench --lengths 1M,3M,10M --similarities 0.5,0.7,0.9,0.93,0.99,0.999 --variants auto --peers none --repeat 3 \
      --row-budget 6 -o "$out/final-synth"
    levcl-bench --lengths 1M,10M --similarities 0.93,0.99 --variants bitpar,persistent --peers none --repeat 2 --row-budget 6 \
      -o "$out/final-synth-engines" ;;
  wfa-batch)  # wfa-batch (a workgroup per pair, fronts in global memory) as auto's wavefront trial and alone, beside persistent
    # and beside its local fronts; the similar batches; the short pairs' batch (batch-bitpar's bytes copied in as gathered)
    sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
    levcl-bench --batch "$sars" --variants auto --peers none --repeat 3 -vv -o "$out/sars" 2>"$out/sars.log"
    for p in wfa-batch.wg=64 wfa-batch.wg=256 wfa-batch.local=1; do
      levcl-bench --batch "$sars" --variants auto --param $p --peers none --repeat 3 -o "$out/sars-${p#wfa-batch.}"
    done
    levcl-bench --batch "$sars" --variants wfa-batch,persistent --peers none --repeat 1 -o "$out/sars-alone"
    levcl-bench --batch synthetic:122:30000:0.988 --batch synthetic:100000:10000:0.99 --batch synthetic:100000:10000:0.999 \
      --batch synthetic:20000:30000:0.99 --batch synthetic:1000:100000:0.995 --batch synthetic:100000:10000:0.9 \
      --batch synthetic:1000000:150:0.95 --variants auto --peers none --repeat 3 -vv -o "$out/batches" 2>"$out/batches.log" ;;
  wfa-batch-peers)  # the batches wfa-batch, the trial's order and the short pairs' rounds changed, beside edlib and WFA2-lib
    levcl-bench --batch "all-vs-all:$d/sarscov2/ncov_example_418.fa.gz" --batch synthetic:1000000:150:0.95 \
      --batch synthetic:100000:10000:0.99 --batch synthetic:20000:30000:0.99 --batch synthetic:1000:100000:0.995 \
      --batch synthetic:100000:10000:0.9 --variants auto --peers edlib,wfa2 --repeat 2 --time-limit 120 \
      -o "$out/batches-peers" ;;
  *) echo "unknown phase $phase" >&2; exit 2 ;;
esac
