# Makes the tracing copy of cl/bitpar.cl (run in a copy of cl/, passed through LEVCL_KERNEL_DIR; NVIDIA
# only): lane 0 of every workgroup prints, for each stripe it claims, the sweep, the stripe, its columns,
# the compute unit (%smid), the global timer (ns) when it claimed it, when its corner was known, and when
# it finished.
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "bitpar.cl"
s = open(path).read()


def rep(old, new):
    global s
    assert s.count(old) == 1, old[:60]
    s = s.replace(old, new)


rep('#include "workgroup_flags.cl"\n', '#include "workgroup_flags.cl"\n'
    'inline ulong gtime(void) { ulong t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t; }\n'
    'inline uint smid(void) { uint r; asm volatile("mov.u32 %0, %%smid;" : "=r"(r)); return r; }\n')
rep("""    if (claim >= claim_count) return;
""", """    if (claim >= claim_count) return;
    const ulong t_claim = gtime();
""")
rep("""    int bottom = corner + (r1 - r0);""", """    const ulong t_corner = gtime();
    int bottom = corner + (r1 - r0);""")
rep("""      publish_progress(&progress[s], INT_MAX);  // done: every wait on this stripe is met
""", """      publish_progress(&progress[s], INT_MAX);  // done: every wait on this stripe is met
      printf("TR %d %d %d %u %lu %lu %lu\\n", which, s, last - first + 1, smid(), t_claim, t_corner, gtime());
""")
open(path, "w").write(s)
