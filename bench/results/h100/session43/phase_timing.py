# Makes the phase-timing copy of cl/wfa_persistent.cl (session 40's script, fitted to this session's
# kernel; run in a copy of cl/ and passed through LEVCL_KERNEL_DIR): work-item 0 of a few workgroups reads
# the SM clock (%clock64, NVIDIA only) around each phase of a step and prints the means per step with
# live positions: the stop check (wait: global columns' flags), the barriers and the edges taken
# (edges), the first phase (p1), the teams (p2), the edges given, the meetings and the last barrier (p3).
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "wfa_persistent.cl"
s = open(path).read()


def rep(old, new):
    global s
    assert s.count(old) == 1, old[:60]
    s = s.replace(old, new)


rep("#define FORWARD 0\n", "inline ulong clk(void) { ulong c; asm volatile(\"mov.u64 %0, %%clock64;\" : \"=l\"(c)); return c; }\n#define FORWARD 0\n")
rep("""  bool go_on;
  do {
""", """  bool go_on;
  ulong tw = 0, tb = 0, t1s = 0, t2s = 0, t3s = 0, nr = 0, rounds_all = 0, tlive = 0, steps_live = 0, blocks_all = 0;
  do {
    const ulong c0 = clk();
""")
rep("""      pending_count = 0;
    }
    barrier(STEP_FENCE);
""", """      pending_count = 0;
    }
    const ulong c1 = clk();
    barrier(STEP_FENCE);
""")
rep("""    const bool stopping = stop;
""", """    const bool stopping = stop;
    const ulong c2 = clk();
""")
rep("""    barrier(STEP_FENCE);

    // 2. The long runs""", """    barrier(STEP_FENCE);
    const ulong c3 = clk();

    // 2. The long runs""")
rep("""        ++round;
      } while (go_on);
    }
#endif""", """        ++round;
      } while (go_on);
      if (block_count > 0) rounds_all += round;
    }
#endif
    const ulong c4 = clk();""")
rep("""    ++r;
    barrier(CLK_LOCAL_MEM_FENCE);
  } while (go_on);""", """    ++r;
    barrier(CLK_LOCAL_MEM_FENCE);
    const ulong c5 = clk();
    if (block_count > 0) { tw += c1 - c0; tb += c2 - c1; t1s += c3 - c2; t2s += c4 - c3; t3s += c5 - c4; tlive += c5 - c0; ++steps_live; blocks_all += block_count; }
    ++nr;
  } while (go_on);
  if (lid == 0 && (g < 2 || g % 16 == 0 || g == GROUPS / 2 || g == GROUPS / 2 + 1) && steps_live > 0)
    printf("PH g=%d radii=%lu live=%lu (us a live step:) wait=%.2f edges=%.2f p1=%.2f p2=%.2f p3=%.2f all=%.2f rounds=%.2f blocks=%.2f (m=%d)\\n", g, nr, steps_live,
           (float)tw / 1980.0f / steps_live, (float)tb / 1980.0f / steps_live, (float)t1s / 1980.0f / steps_live, (float)t2s / 1980.0f / steps_live, (float)t3s / 1980.0f / steps_live,
           (float)tlive / 1980.0f / steps_live, (float)rounds_all / steps_live, (float)blocks_all / steps_live, m);""")
open(path, "w").write(s)
