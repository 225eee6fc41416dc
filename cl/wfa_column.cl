// One wavefront column per launch (paper Sections 4.1.1-4.1.3 and 4.2.1): work-item g
// computes diagonal k = k_first + g of radius r from the column of radius r-1. Only
// diagonals in [k_lo, k_hi] are computed; the rest of the NDRange (the baseline's whole
// column, or the padding to a whole workgroup) returns at once.
//
// Tunables (build options, with standalone defaults):
//   WG        work-items per workgroup
//   PREFETCH  1: stage the previous column in local memory (Section 4.2.1)

#include "wfa_common.cl"

#ifndef WG
#define WG 128
#endif
#ifndef PREFETCH
#define PREFETCH 0
#endif

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wfa_column(__global const uchar* restrict a, const int m, __global const uchar* restrict b, const int n,
                __global const int* prev, __global int* next, const int r, const int k_first,
                const int k_lo, const int k_hi, __global int* state) {
  const long kk = (long)k_first + (long)get_global_id(0);
  const bool live = kk >= k_lo && kk <= k_hi;
  // Cell kx of the previous column, clamped into [k_lo-1, k_hi+1]: every neighbour a
  // live cell needs is read exactly, and nothing outside the buffer is ever read.
#define PREV(kx) CELL(prev, m, (int)clamp((long)(kx), (long)k_lo - 1, (long)k_hi + 1))

#if PREFETCH
  // Each work-item fetches its own cell; the two at the workgroup's edges also fetch
  // the neighbour that belongs to the next workgroup. Neighbours are then read here.
  __local int cache[WG + 2];
  const int lid = (int)get_local_id(0);
  cache[lid + 1] = PREV(kk);
  if (lid == 0) cache[0] = PREV(kk - 1);
  if (lid == WG - 1) cache[WG + 1] = PREV(kk + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (!live) return;
  const int from_left = cache[lid], from_self = cache[lid + 1], from_right = cache[lid + 2];
#else
  if (!live) return;
  const int from_left = PREV(kk - 1), from_self = PREV(kk), from_right = PREV(kk + 1);
#endif
  const int k = (int)kk;

  const int end = diagonal_end(m, n, k);
  const int row = wfa_extend(a, b, k, wfa_next_row(r, from_left, from_self, from_right, end), end);
  CELL(next, m, k) = row;
  if (k == n - m) wfa_record_solution(state, m, r, row);
}
