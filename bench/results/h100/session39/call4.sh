# Session 39 call 4: the GPU tests of the changes (streams' held strings, cold programs, bitpar's band); the command's
# SARS-CoV-2 all-vs-all with held records (.gpu) against the build before them (.gpu-base, 018d728), three runs each,
# and one with a timestamp on every log line; levcl-bench's batch row beside it.
o=$OUT/c4; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_SAMPLE_DIR=$PWD/data LEVCL_CLI=$PWD/.gpu/bin/levcl
export LEVCL_TUNE=$PWD/.gpu/bin/levcl-tune LEVCL_BENCH=$PWD/.gpu/bin/levcl-bench
sars=$d/sarscov2/ncov_example_418.fa.gz
command_runs() {  # BUILD LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-cmd
    levcl --all-vs-all $sars > /dev/null 2>&1  # programs cached
    for r in 1 2 3; do s=$EPOCHREALTIME; levcl --all-vs-all $sars > $o/sars-$2.tsv; echo "$2 run $r: $(awk -v a=$s -v b=$EPOCHREALTIME 'BEGIN{print b-a}') s"; done
    levcl -vv --all-vs-all $sars 2>&1 >/dev/null | while IFS= read -r line; do echo "$EPOCHREALTIME $line"; done > $o/sars-$2.log )
}
{ command_runs .gpu-base before; command_runs .gpu held; command_runs .gpu-base before-again; } > $o/command.txt 2>&1
cmp $o/sars-held.tsv $d/sars_expected.tsv && echo "held: every distance as cpu-bitpar's" >> $o/command.txt
cmp $o/sars-before.tsv $d/sars_expected.tsv && echo "before: every distance as cpu-bitpar's" >> $o/command.txt
rm -f $o/*.tsv
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-cmd
levcl-bench --batch "all-vs-all:$sars" --variants auto --peers none --repeat 5 -o $o/sars-bench 2>&1 | grep "levcl-bench: .*: levcl" >> $o/command.txt
export LEVCL_CACHE_DIR=/tmp/cache-tests
for t in test_context test_distances test_cli test_cli_batch test_batch_bitpar test_alignment; do
  s=$SECONDS; timeout 240 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
cd $OUT && tar czf c4.tgz c4 && rm -rf c4
