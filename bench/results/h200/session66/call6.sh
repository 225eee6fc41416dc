# Session 66 call 6: MPI's start on the GPU host, Open MPI's default pml against ob1
# (README, many hosts), and the SARS-CoV-2 all-vs-all through levcl and levcl-mpi with one
# and two ranks, the two sharing the host's only GPU (issue 23 allows it, said so), at b56f588.
# The bundle travels packed (.gpu/pack.tar.xz: levcl, levcl-mpi, Open MPI).
o=$OUT/c6; mkdir -p $o
(cd .gpu && tar xJf pack.tar.xz && rm pack.tar.xz)
source .gpu/env.sh; source .gpu/mpienv.sh
export LEVCL_DEVICE=nvidia OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LEVCL_CACHE_DIR=/tmp/cache6
printf '>A\nACGT\n>B\nACGA\n' > /tmp/tiny.fa
cov=.gpu/data/sarscov2/ncov_example_418.fa.gz
timed() {  # TAG COMMAND...: wall seconds of its second run, its output beside levcl's
  "${@:2}" > /tmp/out 2>>$o/stderr.txt; local s=$EPOCHREALTIME
  "${@:2}" > /tmp/out 2>>$o/stderr.txt; local rc=$?
  local t=$(awk -v a="$s" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
  [ "$1" = levcl ] && cp /tmp/out /tmp/ref
  echo "| $1 | $t | rc $rc, $(cmp -s /tmp/out /tmp/ref && echo same || echo DIFFERS) |"
}
{
echo "| tiny job | seconds | |"
for k in 1 2 3; do
  timed "levcl" levcl --all-vs-all /tmp/tiny.fa
  timed "np1 default" mpirun -np 1 --bind-to none levcl-mpi --all-vs-all /tmp/tiny.fa
  timed "np1 pml ob1" mpirun -np 1 --bind-to none --mca pml ob1 levcl-mpi --all-vs-all /tmp/tiny.fa
  timed "np2 default" mpirun -np 2 --bind-to none levcl-mpi --all-vs-all /tmp/tiny.fa
  timed "np2 pml ob1" mpirun -np 2 --bind-to none --mca pml ob1 levcl-mpi --all-vs-all /tmp/tiny.fa
done
echo "| SARS-CoV-2 all-vs-all | seconds | |"
for k in 1 2; do
  timed "levcl" levcl --all-vs-all $cov
  timed "np1 default" mpirun -np 1 --bind-to none levcl-mpi --all-vs-all $cov
  timed "np1 pml ob1" mpirun -np 1 --bind-to none --mca pml ob1 levcl-mpi --all-vs-all $cov
  timed "np2 default, one GPU shared" mpirun -np 2 --bind-to none levcl-mpi --all-vs-all $cov
  timed "np2 pml ob1, one GPU shared" mpirun -np 2 --bind-to none --mca pml ob1 levcl-mpi --all-vs-all $cov
done
} > $o/mpi.txt 2>&1
cat $o/mpi.txt; tail -5 $o/stderr.txt
cd $OUT && tar czf c6.tgz c6 && rm -rf c6
