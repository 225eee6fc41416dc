# Session 58 call 1: several workgroups a compute unit for persistent's wide fronts (the
# library's refusal of more workgroups than compute units lifted by LEVCL_TRY_GROUPS, a
# build for this experiment only): chunks stepped side by side by co-resident workgroups
# instead of one after another by one.
o=$OUT/c1; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TRY_GROUPS=1
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader > $o/device.txt
eco="$d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz"
run() {  # TAG ARGS...
  local t=$1; shift
  ( source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
    timeout 60 levcl-bench --peers none "$@" -o $o/$t -vv 2> $o/$t.log >/dev/null; echo "rc $?" >> $o/$t.log
    grep -hE "levcl-bench: .*: levcl|^rc [1-9]" $o/$t.log | sed "s/^/$t: /; s/(median of .), //; s/ GCUPS.*//" )
}
{
run base --variants persistent --repeat 3 --lengths 10M --similarities 0.99
for p in "groups=264" "groups=264 global-wg=256" "groups=528 global-wg=256" "groups=396"; do
  ps=(); for q in $p; do ps+=(--param persistent.$q); done
  run "w-${p// /_}" --variants persistent --repeat 3 --lengths 10M --similarities 0.99 "${ps[@]}"
done
run bigbase --variants persistent --repeat 3 --lengths 100M --similarities 0.999
for p in "groups=264" "groups=528 global-wg=256"; do
  ps=(); for q in $p; do ps+=(--param persistent.$q); done
  run "b-${p// /_}" --variants persistent --repeat 3 --lengths 100M --similarities 0.999 "${ps[@]}"
done
run nbase --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.999 $eco
for p in "groups=264" "groups=528 global-wg=256"; do
  ps=(); for q in $p; do ps+=(--param persistent.$q); done
  run "n-${p// /_}" --variants persistent --repeat 5 --lengths 1M,10M --similarities 0.999 $eco "${ps[@]}"
done
} > $o/rows.txt 2>&1
cat $o/rows.txt
grep -h "persistent: 1 piece" $o/*.log | cut -c1-300 | sort | uniq | head -30
gzip $o/*.log
cd $OUT && tar czf c1.tgz c1 && rm -rf c1
