# Session 41 call 7: Python's levcl.distances with the strings read on the host's threads
# (the module at a061e05), three processes.
o=$OUT/s7; mkdir -p $o
export LEVCL_DEVICE=nvidia
( source .gpu/env.sh; source .gpu/pyenv.sh; export LEVCL_CACHE_DIR=/tmp/cache-now
  for i in 1 2 3; do timeout 100 python3.11 bench/python_batch.py 1000000 150; done ) > $o/python.txt 2>&1
cat $o/python.txt
cd $OUT && tar czf s7.tgz s7 && rm -rf s7
