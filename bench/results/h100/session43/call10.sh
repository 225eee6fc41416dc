# Session 43 call 10: the divergent pairs (bitpar through auto, strings of 0.16-3.3 MB) with 1 MiB pinned
# slots beside the build before (.gpu-base, 73cb2f7), alternating twice.
o=$OUT/c10; mkdir -p $o; d=.gpu/data/cudalign
export LEVCL_DEVICE=nvidia
rows() {  # ENV LABEL
  ( source $1/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-$2
    timeout 40 levcl-bench --variants auto --peers none --repeat 5 --row-budget 5 -o $o/$2-motivating $d/BA000035.2.fa.gz $d/BX927147.1.fa.gz
    timeout 20 levcl-bench --variants auto --peers none --repeat 5 --row-budget 3 -o $o/$2-cp $d/CP000051.1.fa.gz $d/AE002160.2.fa.gz ) 2>&1 | grep -E "levcl-bench: .*: levcl|rror" | sed "s/^/$2: /"
}
{ rows .gpu-base base1; rows .gpu now1; rows .gpu-base base2; rows .gpu now2; } | tee $o/rows.txt
cd $OUT && tar czf c10.tgz c10 && rm -rf c10
