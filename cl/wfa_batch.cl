// wfa-batch (lib/src/engines/wfa_batch/wfa_batch.cpp is the host side; wfa_batch.h the
// layout they share): a batch's similar pairs, a workgroup each, in one launch. A pair's
// wavefront (WFA) grows radius by radius from (0, 0): its work-items share the diagonals of
// the front, and one barrier ends each radius. The pair keeps two fronts (radii r - 1 and
// r), in global memory sized to its bound (FRONT 0), or in local memory of FRONT diagonals
// on each side of 0 (the host runs the pairs that end above FRONT again with wider
// fronts); a radius costs the strings' loads and that barrier. Matching runs are compared
// 8 bytes at a time (load_word).
//
// Tunables (build options): WG work-items per pair, FRONT (0: fronts in global memory).

// Runs compared a word at a time always: auto sends this engine similar pairs.
#define EXTEND_WORDS 1
#include "wfa_common.cl"
#include "wfa_batch.h"

#ifndef WG
#define WG 64
#endif
#ifndef FRONT
#define FRONT 0
#endif
#if FRONT
#define FRONT_SPACE __local
#define STEP_FENCE CLK_LOCAL_MEM_FENCE
#else
#define FRONT_SPACE __global
#define STEP_FENCE CLK_GLOBAL_MEM_FENCE
#endif

// Follows matching bytes of a (from `a`) and b (from `b`) along diagonal k from row i, up
// to `end` (wfa_extend: a word at a time while one lies inside both strings, then byte by
// byte). The first byte alone first: most diagonals of a front lie off the alignment's path
// and stop at once (three in four on DNA), for two byte loads instead of four words and
// their shifts.
inline int extend(__global const uchar* bytes, ulong a, ulong b, int k, int i, int end) {
  __global const uchar* const from_a = bytes + a;
  __global const uchar* const from_b = bytes + b;
  if (i >= end || from_a[i] != from_b[(long)i + k]) return i;
  return wfa_extend(from_a, from_b, k, i + 1, end);
}

// Pair q = the workgroup. Radius r covers the diagonals still inside the matrix and able
// to reach diagonal n - m within the bound (each indel moves one diagonal); it reads the
// front of r - 1, every cell of which is a row reached with at most r - 1 edits, or
// UNREACHED (a cell left from radius r - 2 is such a row too). No exit but at the loop's
// end, after its barrier: POCL's work-group loops need every work-item at every barrier.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wfa_batch(__global const uchar* restrict bytes, __global const WfaBatchPair* restrict pairs,
               __global int* fronts, __global WfaBatchResult* results) {
  const WfaBatchPair pair = pairs[get_group_id(0)];
  const int m = pair.m, n = pair.n, bound = pair.bound, delta = n - m, lid = (int)get_local_id(0);
#if FRONT
  __local int front[2][WFA_BATCH_FRONT_INTS(FRONT)];
  FRONT_SPACE int* const even = front[0];
  FRONT_SPACE int* const odd = front[1];
  const int centre = FRONT + 1, ints = WFA_BATCH_FRONT_INTS(FRONT);
#else
  FRONT_SPACE int* const even = fronts + pair.front_offset;
  FRONT_SPACE int* const odd = even + WFA_BATCH_FRONT_INTS(bound);
  const int centre = bound + 1, ints = WFA_BATCH_FRONT_INTS(bound);
#endif
  for (int x = lid; x < ints; x += WG) even[x] = odd[x] = UNREACHED;
  barrier(STEP_FENCE);

  ulong cells = 0;
  int r = 0, distance = bound + 1;
  bool go_on;
  do {
    FRONT_SPACE int* const next = (r & 1) ? odd : even;
    FRONT_SPACE const int* const prev = (r & 1) ? even : odd;
    const int slack = bound - r;
    const int lo = max(-min(r, m), delta - slack), hi = min(min(r, n), delta + slack);
    for (int k = lo + lid; k <= hi; k += WG) {
      const int end = diagonal_end(m, n, k);
      int row = wfa_next_row(r, prev[centre + k - 1], prev[centre + k], prev[centre + k + 1], end);
      if (row >= 0) row = extend(bytes, pair.a_offset, pair.b_offset, k, row, end);
      next[centre + k] = row;
    }
    if (lo <= hi) cells += (ulong)(hi - lo + 1);
    // The next radius writes the other front: one barrier a radius.
    barrier(STEP_FENCE);
    const bool reached = lo <= delta && delta <= hi && next[centre + delta] >= m;
    if (reached) distance = r;
    go_on = !reached && r < bound && lo <= hi;
    ++r;
  } while (go_on);
  if (lid == 0) {
    results[get_group_id(0)].cells = cells;
    results[get_group_id(0)].distance = distance;
  }
}
