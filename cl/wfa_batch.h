// The layout wfa_batch.cl shares with its host routine (lib/src/engines/wfa_batch/wfa_batch.cpp):
// a launch's pairs, what each writes back, and the local memory of its fronts.
#ifndef LEVCL_WFA_BATCH_H
#define LEVCL_WFA_BATCH_H

#include "shared_types.h"

// A pair: rows a[a_offset, + m) against columns b[b_offset, + n) of the launch's joined
// strings, no distance above `bound` wanted. With its fronts in global memory, they are the
// two runs of WFA_BATCH_FRONT_INTS(bound) ints from front_offset.
typedef struct {
  shared_ulong a_offset, b_offset, front_offset;
  shared_int m, n, bound, unused;
} WfaBatchPair;

typedef struct {
  shared_ulong cells;   // diagonals computed, radius by radius
  shared_int distance;  // bound + 1 when above the bound
  shared_int unused;
} WfaBatchResult;

// A front holding diagonals -front .. front, with a spare one on each side so that a
// diagonal's neighbours need no bounds check; a workgroup keeps two (radii r - 1 and r).
#define WFA_BATCH_FRONT_INTS(front) (2 * (front) + 3)
#define WFA_BATCH_LOCAL_BYTES(front) (2 * WFA_BATCH_FRONT_INTS(front) * 4)

#endif
