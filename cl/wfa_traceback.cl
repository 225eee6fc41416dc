// wfa_traceback (lib/src/engines/wfa_traceback/wfa_traceback.cpp is the host side; the
// layout of pieces and runs is in wfa_traceback.h): the CIGAR of pieces of small distance,
// a workgroup a piece, as eWFA-GPU finishes short pairs (Aguado-Puig et al.): the piece's
// wavefronts for every score up to its distance d are kept in local memory, (d + 1)^2 rows
// in all, the 2s + 1 diagonals of score s dealt over the workgroup's work-items; then its
// first work-item traces them back from (m, n) and writes its runs from the last backwards
// (RUNS_NO_PATH: it did not reach (m, n) at score d, which the host reports).

#include "wfa_common.cl"
#include "wfa_traceback.h"

#define FRONT(fronts, s, k) ((fronts)[FRONT_INDEX(s, k)])

// Diagonal k's row at score s from the fronts of score s - 1 (s >= 1), before extension;
// UNREACHED outside the matrix. self, low and high get the three rows it came from.
inline int row_before(__local const int* fronts, int m, int n, int s, int k, int* low, int* self, int* high) {
  const int p = s - 1;
  *low = k - 1 >= -p && k - 1 <= p ? FRONT(fronts, p, k - 1) : UNREACHED;
  *self = k >= -p && k <= p ? FRONT(fronts, p, k) : UNREACHED;
  *high = k + 1 >= -p && k + 1 <= p ? FRONT(fronts, p, k + 1) : UNREACHED;
  return wfa_next_row(s, *low, *self, *high, diagonal_end(m, n, k));
}

// `fronts`: (d + 1)^2 ints for the launch's largest distance d (the host sizes it).
__kernel void wfa_traceback(__global const uchar* restrict a_all, __global const uchar* restrict b_all,
                            __global const TracebackPiece* pieces, const uint count, __local int* fronts,
                            __global ulong* runs_all) {
  const uint q = get_group_id(0);
  if (q >= count) return;
  __global const TracebackPiece* piece = pieces + q;
  __global const uchar* restrict a = a_all + piece->a_offset;
  const int m = (int)piece->m;
  __global const uchar* restrict b = b_all + piece->b_offset;
  const int n = (int)piece->n, d = (int)piece->distance;
  __global ulong* runs = runs_all + piece->run_offset;

  for (int s = 0; s <= d; ++s) {
    for (int k = -s + (int)get_local_id(0); k <= s; k += (int)get_local_size(0)) {
      int row = UNREACHED;
      if (k >= -m && k <= n) {
        int low, self, high;
        const int end = diagonal_end(m, n, k);
        const int start = s == 0 ? 0 : row_before(fronts, m, n, s, k, &low, &self, &high);
        if (start >= 0) row = wfa_extend(a, b, k, start, end);
      }
      FRONT(fronts, s, k) = row;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (get_local_id(0) != 0) return;
  if (FRONT(fronts, d, n - m) != m) {
    runs[0] = RUNS_NO_PATH;
    return;
  }

  // Back from (m, n): at each score, the matching run down to the row before extension,
  // then the edit whose predecessor lands exactly there.
  ulong written = 0;
  int s = d, k = n - m, row = m;
  for (;;) {
    int low = UNREACHED, self = UNREACHED, high = UNREACHED;
    if (s == 0 && k != 0) {
      runs[0] = RUNS_NO_PATH;
      return;
    }
    const int start = s == 0 ? 0 : row_before(fronts, m, n, s, k, &low, &self, &high);
    if (row > start) runs[1 + written++] = ((ulong)(row - start) << RUN_CODE_BITS) | RUN_EQUAL;
    if (s == 0) break;
    if (self >= 0 && self + 1 == start) {
      runs[1 + written++] = (1UL << RUN_CODE_BITS) | RUN_MISMATCH;  // a[self] for b[self + k]
      row = self;
    } else if (high >= 0 && high + 1 == start) {
      runs[1 + written++] = (1UL << RUN_CODE_BITS) | RUN_DELETION;  // a[high], from diagonal k + 1
      row = high;
      k += 1;
    } else if (low >= 0 && low == start) {
      runs[1 + written++] = (1UL << RUN_CODE_BITS) | RUN_INSERTION;  // b[low + k - 1], from diagonal k - 1
      row = low;
      k -= 1;
    } else {
      runs[0] = RUNS_NO_PATH;
      return;
    }
    --s;
  }
  runs[0] = written;
}
