# Session 66 call 7: the SARS-CoV-2 all-vs-all through levcl-mpi at 217352f (rank 0's output
# a chunk at a time; -o: rank 0 writes the file itself) beside 7a78672 (.gpu/old: stdio's
# 4 KiB writes through mpirun's forwarding), one rank and two sharing the host's only GPU
# (issue 23 allows it, said so), and levcl alone; every output compared with levcl's.
o=$OUT/c7; mkdir -p $o
(cd .gpu && tar xJf pack.tar.xz && rm pack.tar.xz)
source .gpu/env.sh; source .gpu/mpienv.sh
export LEVCL_DEVICE=nvidia OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LEVCL_CACHE_DIR=/tmp/cache7
cov=.gpu/data/sarscov2/ncov_example_418.fa.gz new=.gpu/bin/levcl-mpi old=.gpu/old/bin/levcl-mpi  # the library unchanged between them
timed() {  # TAG FILE COMMAND...: wall seconds of its second run; FILE (its output: /tmp/out) beside levcl's
  "${@:3}" > /tmp/out 2>>$o/stderr.txt; local s=$EPOCHREALTIME
  "${@:3}" > /tmp/out 2>>$o/stderr.txt; local rc=$?
  local t=$(awk -v a="$s" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
  [ "$1" = levcl ] && cp $2 /tmp/ref
  echo "| $1 | $t | rc $rc, $(cmp -s $2 /tmp/ref && echo same || echo DIFFERS) |"
}
{
echo "| SARS-CoV-2 all-vs-all | seconds | |"
for k in 1 2 3; do
  timed "levcl" /tmp/out levcl --all-vs-all $cov
  timed "levcl -o" /tmp/file levcl --all-vs-all $cov -o /tmp/file
  timed "np1 7a78672" /tmp/out mpirun -np 1 --bind-to none $old --all-vs-all $cov
  timed "np1" /tmp/out mpirun -np 1 --bind-to none $new --all-vs-all $cov
  timed "np1 -o" /tmp/file mpirun -np 1 --bind-to none $new --all-vs-all $cov -o /tmp/file
  timed "np2 7a78672, one GPU shared" /tmp/out mpirun -np 2 --bind-to none $old --all-vs-all $cov
  timed "np2, one GPU shared" /tmp/out mpirun -np 2 --bind-to none $new --all-vs-all $cov
  timed "np2 -o, one GPU shared" /tmp/file mpirun -np 2 --bind-to none $new --all-vs-all $cov -o /tmp/file
done
} > $o/mpi.txt 2>&1
cat $o/mpi.txt; grep -v pmix $o/stderr.txt | grep -v "Perhaps a missing\|dlopen error" | tail -5
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
