# Session 38 call 3: batch-bitpar's long pairs (pieces=16384) as bitpar's sweeps, beside pieces=0; wfa-batch with
# DIAGONALS 1, 2, 4 (now) and 8 diagonals a work-item at once; the GPU tests; the command's SARS-CoV-2 distances.
source .gpu/env.sh
o=$OUT/m3; mkdir -p $o; d=.gpu/data
export LEVCL_DEVICE=nvidia LEVCL_TEST_DATA_DIR=$PWD/.gpu/data LEVCL_CACHE_DIR=/tmp/cache-now
for t in test_batch_bitpar test_wfa_batch test_distances; do s=$SECONDS; timeout 150 $t > $o/$t.txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt; done
levcl --all-vs-all $d/sarscov2/ncov_example_418.fa.gz > $o/sars-cli.tsv 2> $o/sars-cli.err
cmp $o/sars-cli.tsv $d/sars_expected.tsv && echo "SARS-CoV-2 all-vs-all: every distance as cpu-bitpar's" | tee -a $o/tests.txt
rm -f $o/sars-cli.tsv
sars="all-vs-all:$d/sarscov2/ncov_example_418.fa.gz"
for k in now d1 d2 d8; do
  kd=; [ $k != now ] && kd=$PWD/.gpu/k/$k
  LEVCL_KERNEL_DIR=$kd LEVCL_CACHE_DIR=/tmp/cache-$k levcl-bench --batch "$sars" --variants auto --peers none --repeat 5 -vv \
    -o $o/sars-$k 2> $o/sars-$k.log
done
levcl-bench --batch "$sars" --variants auto --param batch-bitpar.pieces=0 --peers none --repeat 5 -vv -o $o/sars-pieces0 2> $o/sars-pieces0.log
for k in now d1; do
  kd=; [ $k != now ] && kd=$PWD/.gpu/k/$k
  LEVCL_KERNEL_DIR=$kd LEVCL_CACHE_DIR=/tmp/cache-$k levcl-bench --batch synthetic:20000:30000:0.99 \
    --batch synthetic:100000:10000:0.99 --batch synthetic:1000:100000:0.995 --variants auto --peers none --repeat 3 \
    -o $o/similar-$k 2>/dev/null
done
for p in 16384 0 4096; do
  levcl-bench --batch synthetic:100000:10000:0.9 --batch synthetic:2000:30000:0.9 --batch synthetic:200:100000:0.8 \
    --variants auto --param batch-bitpar.pieces=$p --peers none --repeat 3 -vv -o $o/divergent-pieces$p 2> $o/divergent-pieces$p.log
done
cd $OUT && tar czf m3.tgz m3 && rm -rf m3
