# Session 36 call 1 (one H100), 33df2a9: persistent's meeting cell the least diagonal's (atom_max), first run on a GPU.
source .gpu/env.sh
o=$OUT/a1; mkdir -p $o; d=.gpu/data   # grp3, grp4 (bundled): probe_runs.cpp, probe_alone_batch.cpp built against build/lib
export LEVCL_CACHE_DIR=/tmp/levcl-cache LEVCL_DEVICE=nvidia
export LEVCL_CLI=$PWD/.gpu/bin/levcl LEVCL_MPI_CLI=$PWD/.gpu/bin/levcl-mpi LEVCL_SAMPLE_DIR=$PWD/data LEVCL_TEST_DATA_DIR=$PWD/.gpu/data
levcl --list-devices > $o/devices.txt 2>&1
timeout 100 grp3 > $o/probe-runs.txt 2>&1; echo "probe runs: exit $?" >> $o/tests.txt
timeout 100 grp4 > $o/probe-alone-batch.txt 2>&1; echo "probe alone/batch: exit $?" >> $o/tests.txt
for t in "test_wfa_persistent" "test_alignment" "test_alignment -tc=E.coli* --no-skip" "test_alignment -tc=HHV* --no-skip" "test_variants --variant=persistent -tc=distance:*" "test_variants --variant=persistent -tc=breakpoint:*" "test_variants --variant=persistent -tc=HHV* --no-skip"; do
  s=$SECONDS; timeout 150 $t > $o/$(echo $t | tr ' =*:' '____').txt 2>&1; echo "$t: exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt
done
( source .gpu/mpienv.sh; unset LEVCL_DEVICE; s=$SECONDS; timeout 150 test_mpi > $o/test_mpi.txt 2>&1; echo "test_mpi (two ranks share the GPU): exit $? in $((SECONDS-s)) s" | tee -a $o/tests.txt )
levcl-bench --align --variants auto --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/ecoli-align > $o/ecoli-align.log 2>&1
levcl-bench --variants auto,persistent --peers none --repeat 3 $d/ecoli/MG1655.fa.gz $d/ecoli/DH1.oriented.fa.gz -o $o/ecoli > $o/ecoli.log 2>&1
levcl-bench --lengths 1M,10M --similarities 0.999,0.99 --variants persistent --peers none --repeat 3 -o $o/similar > $o/similar.log 2>&1
cat $o/tests.txt; python3 - $o/probe-runs.txt <<'PY'
import sys,re,collections
seen=collections.defaultdict(set)
for l in open(sys.argv[1]):
    m=re.match(r'(\S+) slots=(\d+) rep \d+: pair 3 alone (\w+) \(\S+\), in batch (\w+) \(\S+\); pair 6 in batch (\w+), pair 1 (\w+)',l)
    if m: seen[m.group(1)+' slots='+m.group(2)].add(m.groups()[2:])
for k,v in seen.items(): print(k, 'the same every run' if len(v)==1 and len(set(list(v)[0][:2]))==1 else 'DIFFERS: %s'%v)
PY
grep -h "levcl-bench: .*: levcl" $o/*.log
cd $OUT && tar czf a1.tgz a1 && rm -rf a1
