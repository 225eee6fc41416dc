# Summarises a trace of bitpar_trace.py's kernel (the TR lines levcl printed): stripes per compute unit,
# when each compute unit finished, claim/corner/end times and ns a column of a few stripes per sweep, and
# the stripes running at each tenth of the launch. Usage: python3 trace_summary.py TRACE
import sys, collections
rows=[l.split() for l in open(sys.argv[1]) if l.startswith('TR ')]
R=[(int(w),int(s),int(cols),int(sm),int(t0),int(tc),int(t1)) for _,w,s,cols,sm,t0,tc,t1 in rows]
T0=min(r[4] for r in R); T1=max(r[6] for r in R)
print(f"{len(R)} stripes, span {(T1-T0)/1e6:.2f} ms")
per_sm=collections.defaultdict(list)
for r in R: per_sm[r[3]].append(r)
counts=collections.Counter(len(v) for v in per_sm.values()); print("stripes per SM:",sorted(counts.items()))
ends=sorted((max(x[6] for x in v)-T0)/1e6 for v in per_sm.values()); print("SM end ms: min %.1f median %.1f max %.1f"%(ends[0],ends[len(ends)//2],ends[-1]))
# per sweep: start (corner) times vs stripe index, durations, ns per column
for w in (0,1):
    S=sorted([r for r in R if r[0]==w], key=lambda r:r[1])
    if not S: continue
    n=len(S)
    print(f"sweep {w}: {n} stripes")
    for k in sorted(set([0,1,2,n//4,n//2,3*n//4,n-3,n-2,n-1])):
        r=S[k]; dur=(r[6]-r[5]); print(f"  s={r[1]:5d} cols={r[2]:8d} claim {(r[4]-T0)/1e6:7.2f} corner {(r[5]-T0)/1e6:7.2f} end {(r[6]-T0)/1e6:7.2f} ms  {dur/max(1,r[2]):6.1f} ns/col")
# active warps over time
import bisect
ev=[]
for r in R: ev.append((r[5],1)); ev.append((r[6],-1))
ev.sort(); a=0; out=[]; 
marks=[T0+(T1-T0)*f/10 for f in range(11)]
mi=0
for t,d in ev:
    while mi<len(marks) and marks[mi]<=t: out.append(a); mi+=1
    a+=d
print("active stripes at 0%,10%..100%:",out)
tot=sum(r[6]-r[5] for r in R); print("mean active %.0f"%(tot/(T1-T0)))
