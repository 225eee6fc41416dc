# Session 51 call 7: the stop's final build (137e976) on issue 24's other targets: Python's
# levcl.distances on 10^6 pairs of 150 bp as lists of str (bench/python_batch.py, Debian's
# Python 3.11 bundled by bench/bundle_python.sh), a stream of 10^8 pairs of 150 bp (resident
# memory at each tenth), 10^5 alignments of 10 kbp at 90%.
o=$OUT/c7; mkdir -p $o
export LEVCL_DEVICE=nvidia
source .gpu/env.sh; export LEVCL_CACHE_DIR=/tmp/cache-gpu
( source .gpu/pyenv.sh; for i in 1 2; do timeout 100 python3.11 bench/python_batch.py 1000000 150; done ) > $o/python.txt 2>&1
cat $o/python.txt
timeout 200 levcl-bench --variants auto --peers none --repeat 1 --batch stream:100000000:150:0.95 -o $o/stream > /dev/null 2> $o/stream.err
grep -h '^| stream' $o/stream.md | cut -d'|' -f2,6,7,13
timeout 200 levcl-bench --variants auto --peers none --repeat 1 --align --batch synthetic:100000:10000:0.9 -o $o/align > /dev/null 2> $o/align.err
grep -h '^| synth' $o/align.md | cut -d'|' -f2,4,6
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
