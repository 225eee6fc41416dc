// Flags through which workgroups of one launch wait on each other (bitpar's stripes,
// persistent's radii). Only sound between workgroups that are resident together, or where
// the one waited on was claimed before the waiter (bitpar's ordered claiming).
//
// Tunables (build options, with standalone defaults):
//   PTX_FENCES    1: NVIDIA's inline PTX: membar.gl before a flag is published, ld.acquire
//                 where one is waited on, plain volatile loads elsewhere
//   GATHER_SPINS  loads of the decision after which a workgroup of gather_all gives up

#ifndef LEVCL_WORKGROUP_FLAGS_CL
#define LEVCL_WORKGROUP_FLAGS_CL

#include "workgroup_flags.h"

#ifndef PTX_FENCES
#define PTX_FENCES 0
#endif

// Stores are fenced before the flag that publishes them, and loads of what others wrote
// bypass the (incoherent) L1 cache through volatile pointers.
#if PTX_FENCES
#define GLOBAL_FENCE() asm volatile("membar.gl;" ::: "memory")
#else
#define GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif

inline int load_progress(volatile __global int* progress) {
#if PTX_FENCES
  return *progress;
#else
  return atomic_or(progress, 0);
#endif
}

// A flag's value, and what was stored before it was published visible after it. On NVIDIA
// an acquiring load (ld.acquire: the L1 cache invalidated, no fence); a membar.gl after a
// plain load cost persistent about 0.1 us a radius on the H100 (E. coli 66.0 -> 64.4 ms).
inline int acquire_progress(volatile __global int* progress) {
#if PTX_FENCES
  int seen;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(progress) : "memory");
  return seen;
#else
  const int seen = atomic_or(progress, 0);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  return seen;
#endif
}

// Spins until *progress >= needed, and returns the value seen; what was stored before it
// was published is then visible.
inline int wait_progress(volatile __global int* progress, int needed) {
  int seen;
  while ((seen = acquire_progress(progress)) < needed) {
  }
  return seen;
}

// Spins until both flags are at least `needed`, loading them together; what was stored
// before either was published is then visible. Returns the larger value seen.
inline int wait_progress_both(volatile __global int* first, volatile __global int* second, int needed) {
  int a, b;
  do {
    a = acquire_progress(first);
    b = acquire_progress(second);
  } while (a < needed || b < needed);
  return max(a, b);
}

// Publishes `value` after every store this work-item made before.
inline void publish_progress(volatile __global int* progress, int value) {
  GLOBAL_FENCE();
  atomic_xchg(progress, value);
}

// A value one workgroup hands another, stored with its own flag in one 64-bit store (the
// value in the low half, 1 in the high one; the host fills the words with
// WORKGROUP_VALUE_UNSET before the launch): the waiter sees it as soon as it is stored,
// with no fence and no counter published after it.
inline void publish_value(volatile __global ulong* at, const int value) { *at = (ulong)(uint)value | (1UL << 32); }

// Whether every workgroup of the launch has started, so that they may wait on each other:
// more than a device holds at once (two a compute unit where one's registers or local
// memory leave room for one) would leave those running waiting forever on those that
// cannot start. Each counts itself in and waits for the decision: the last to count in
// decides that all started, one that waited GATHER_SPINS loads that some never will; one
// compare-and-swap decides, so all see the same. Called by one work-item of each
// workgroup. (2^14 loads take milliseconds on a GPU, where all start within microseconds.)
#ifndef GATHER_SPINS
#define GATHER_SPINS (1 << 14)
#endif
inline bool gather_all(volatile __global int* gather) {
  volatile __global int* decision = &gather[GATHER_DECISION];
  if (atomic_inc(&gather[GATHER_COUNTED]) == (int)get_num_groups(0) - 1)
    atomic_cmpxchg(decision, GATHER_UNDECIDED, GATHER_ALL_STARTED);
  int decided;
  for (int spins = 0; (decided = load_progress(decision)) == GATHER_UNDECIDED; ++spins)
    if (spins == GATHER_SPINS) atomic_cmpxchg(decision, GATHER_UNDECIDED, GATHER_GAVE_UP);
  return decided == GATHER_ALL_STARTED;
}

inline int wait_value(volatile __global ulong* at) {
  ulong seen;
  while ((seen = *at) == WORKGROUP_VALUE_UNSET) {
  }
  return (int)(uint)seen;
}

#endif
