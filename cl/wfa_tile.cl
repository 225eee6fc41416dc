// One work-item per diamond tile (paper Section 4.2.2): each work-item prefetches the
// previous band's zig-zag boundary around its tile, computes the tile's 2t^2 cells in
// its working store, and writes the tile's own boundary back. One launch per band.
//
// Tunables (build options, with standalone defaults):
//   WG     work-items per workgroup
//   TILE   tile length t
//   STORE  where the working store lives: 0 private (registers: every index is a
//          compile-time constant once the loops are unrolled), 1 local memory
//          (2t^2 cells per work-item), 2 global memory (a scratch buffer)
//   UNROLL_PRIVATE  1: unroll the private store's loops completely, so that it stays in
//          registers. The host asks for it where it pays for its compile time, which
//          grows with t^2 (on POCL 3 s at t = 4, 17 s at t = 8, for no gain past t = 4)

#include "wfa_band.cl"

#ifndef WG
#define WG 64
#endif
#ifndef STORE
#define STORE 0
#endif
#ifndef UNROLL_PRIVATE
#define UNROLL_PRIVATE 1
#endif

#define TILE_CELLS (2 * TILE * TILE)

// The private store stays in registers only if every loop is unrolled; the other stores
// keep the loops, so that long tiles do not multiply the code.
#if STORE == 0 && UNROLL_PRIVATE
#define UNROLL _Pragma("unroll")
#else
#define UNROLL
#endif

// Start of radius offset s in the store: rows of 2, 4, ..., 2t, ..., 4, 2 cells.
inline int row_offset(int s) {
  return s < TILE ? s * (s + 1)
                  : TILE * (TILE + 1) + TILE * (TILE - 1) - (2 * TILE - s - 1) * (2 * TILE - s);
}
// Store index of diagonal c + dk at radius offset s.
#define CELL_INDEX(s, dk) (row_offset(s) + (dk) + tile_half(s))

#if STORE == 0
#define AT(i) store[i]
#elif STORE == 1
#define AT(i) store[(i) * WG + lid]  // interleaved: neighbouring work-items, neighbouring banks
#else
#define AT(i) scratch[(long)(i) * (long)get_global_size(0) + gid]
#endif

// W on diagonal c + dk at radius offset s: from the store when the tile holds it, else
// from the previous band's boundary (its top is one below this band's bottom).
#define VALUE(dk, s)                                                              \
  ((s) >= band_bottom(dk)        ? AT(CELL_INDEX(s, dk))                          \
   : (s) == band_bottom(dk) - 1 ? in_top[(dk) + TILE + 1]                         \
                                : in_below[(dk) + TILE + 1])

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wfa_tile(__global const uchar* restrict a, const int m, __global const uchar* restrict b, const int n,
              __global const int* top_in, __global const int* below_in, __global int* top_out,
              __global int* below_out, const int r0, const int c_first, const int tiles,
              const int bound, __global int* state, __global int* scratch) {
  const int gid = (int)get_global_id(0);
#if STORE == 0
  int store[TILE_CELLS];
#elif STORE == 1
  __local int store[TILE_CELLS * WG];
  const int lid = (int)get_local_id(0);
#endif
  if (gid >= tiles) return;  // no barrier follows
  const int live_bound = band_bound(state, bound);
  if (live_bound < 0) return;  // the solution is known
  const int c = c_first + 2 * TILE * gid;

  int in_top[SPAN], in_below[SPAN];
UNROLL
  for (int x = 0; x < SPAN; ++x) {
    in_top[x] = band_load(top_in, m, n, c - TILE - 1 + x);
    in_below[x] = band_load(below_in, m, n, c - TILE - 1 + x);
  }

  uint cells = 0;
UNROLL
  for (int s = 0; s <= 2 * TILE - 2; ++s) {
    const int r = r0 + s;
UNROLL
    for (int dk = -TILE; dk < TILE; ++dk) {  // constant bounds, so that it unrolls
      if (dk < -tile_half(s) || dk >= tile_half(s)) continue;
      const int k = c + dk;
      int row = UNREACHED;
      if (wfa_live(m, n, r, k, live_bound)) {
        const int end = diagonal_end(m, n, k);
        row = wfa_extend(a, b, k, wfa_next_row(r, VALUE(dk - 1, s - 1), VALUE(dk, s - 1), VALUE(dk + 1, s - 1), end), end);
        if (k == n - m) wfa_record_solution(state, m, r, row);
        ++cells;
      }
      AT(CELL_INDEX(s, dk)) = row;
    }
  }

UNROLL
  for (int dk = -TILE; dk < TILE; ++dk) {
    const int k = c + dk;
    if (k < -m || k > n) continue;
    CELL(top_out, m, k) = VALUE(dk, band_top(dk));
    CELL(below_out, m, k) = VALUE(dk, band_top(dk) - 1);
  }
  count_cells(state, cells);
}
