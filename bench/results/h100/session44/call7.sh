# Session 44 call 7: the SASS of call 6's bitpar programs (ptxas -arch=sm_90 of CUDA 13.0 here).
o=$OUT/c7; mkdir -p $o
for b in bitpar64 bitpar32; do cuobjdump -sass .gpu/sass/$b.cubin > $o/$b.sass; wc -l $o/$b.sass; done
cd $OUT && tar czf c7.tgz c7 && rm -rf c7
