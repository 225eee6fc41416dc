// Parallel workgroup (paper Section 4.2.3, Fig. 11): a workgroup computes one diamond
// tile together, one diagonal per work-item. The 2t+2 work-items first fetch the
// previous band's boundary for their diagonal (the two outermost only fetch: their
// diagonals belong to the neighbouring tiles), then step through the tile's radii in
// local memory with one barrier per radius, and write the tile's boundary back.
//
// Tunables: TILE, the tile length t; the workgroup size is SPAN = 2t + 2.

#include "wfa_band.cl"

__kernel __attribute__((reqd_work_group_size(SPAN, 1, 1)))
void wfa_pwg(__global const uchar* restrict a, const int m, __global const uchar* restrict b, const int n,
             __global const int* top_in, __global const int* below_in, __global int* top_out,
             __global int* below_out, const int r0, const int c_first, const int tiles,
             const int bound, __global int* state) {
  // slot[s & 1][x]: W of this tile's diagonal x at radius offset s. Two slots suffice:
  // radius s reads only radius s-1, and the barrier closes each radius.
  __local int slot[2][SPAN];
  __local uint workgroup_cells;
  __local int live_bound;  // one value for the whole workgroup, so that all take the same path
  const int x = (int)get_local_id(0);
  const int dk = x - TILE - 1;
  const int c = c_first + 2 * TILE * (int)get_group_id(0);
  const int k = c + dk;

  // The boundary sits just below this band's bottom on this diagonal; (s + 2) & 1 is
  // the slot of radius offset s, also for the offsets -1 and -2 below the band.
  const int bottom = band_bottom(dk), top = band_top(dk);
  slot[(bottom - 1 + 2) & 1][x] = band_load(top_in, m, n, k);
  slot[(bottom - 2 + 2) & 1][x] = band_load(below_in, m, n, k);
  if (x == 0) {
    workgroup_cells = 0;
    live_bound = band_bound(state, bound);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  // No early return when the solution is known (live_bound < 0): every cell is then
  // simply not live. A return ahead of the loop's barriers, even a uniform one, made
  // POCL's workgroup loops miscount.

  // Everything about this work-item's diagonal that does not change from radius to
  // radius, worked out once: the radius offsets it owns in this tile ([bottom, top],
  // empty for the two fetch-only work-items), the ones where it is live (wfa_live as an
  // interval: |k| <= r <= bound - |k - (n - m)|, inside the matrix), and its last row.
  const bool owner = dk >= -TILE && dk < TILE;
  const bool in_matrix = k >= -m && k <= n;
  const long from_solution = (long)k - ((long)n - m);  // abs() would return an unsigned type
  const long live_last = (long)live_bound - (from_solution < 0 ? -from_solution : from_solution);
  const int live_from = max(bottom, (k < 0 ? -k : k) - r0);
  const int live_to = (int)clamp(live_last - r0, -1L, (long)top);
  const int end = diagonal_end(m, n, k);
  const bool on_solution = k == n - m;

  uint cells = 0;
  for (int s = 0; s <= 2 * TILE - 2; ++s) {
    if (owner && s >= bottom && s <= top) {
      int row = UNREACHED;
      if (in_matrix && s >= live_from && s <= live_to) {
        const int r = r0 + s;
        const int p = (s + 1) & 1;  // slot of radius offset s - 1
        row = wfa_extend(a, b, k, wfa_next_row(r, slot[p][x - 1], slot[p][x], slot[p][x + 1], end), end);
        if (on_solution) wfa_record_solution(state, m, r, row);
        ++cells;
      }
      slot[s & 1][x] = row;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  if (owner && in_matrix) {
    CELL(top_out, m, k) = slot[top & 1][x];
    CELL(below_out, m, k) = slot[(top - 1 + 2) & 1][x];
  }
  atomic_add(&workgroup_cells, cells);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (x == 0) count_cells(state, workgroup_cells);
}
