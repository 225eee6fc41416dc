// Diamond tiles and bands (paper Section 4.2.2, Fig. 9), shared by wfa_tile.cl and
// wfa_pwg.cl. Requires TILE, the tile length t.
//
// In rotated coordinates u = r + k, v = r - k a tile is a 2t x 2t square (2t^2 cells).
// Band b holds the tiles centred on diagonals c = t(2p - b) for every p; they cover the
// radii [bt, bt + 2t - 2] and, at radius offset s, the diagonals
// [c - tile_half(s), c + tile_half(s) - 1]. Tiles of one band never depend on each other:
// each reads only the previous band's upper zig-zag boundary, which for every diagonal is
// the value at that band's top radius ("top") and the one below it ("below"). One launch
// computes one band; the host advances t radii per launch.
#ifndef LEVCL_WFA_BAND_CL
#define LEVCL_WFA_BAND_CL

#include "wfa_common.cl"

#ifndef TILE
#define TILE 2
#endif

#define SPAN (2 * TILE + 2)  // diagonals a tile reads: its own 2t and one on each side

// Half the width of a tile at radius offset s: 1, 2, ..., t, ..., 2, 1.
inline int tile_half(int s) { return min(s, 2 * TILE - 2 - s) + 1; }

// Position of diagonal c + dk within the repeating pattern of tiles, 0 .. 2t-1.
inline int tile_position(int dk) { return ((dk + TILE) % (2 * TILE) + 2 * TILE) % (2 * TILE); }

// First and last radius offset of the band on diagonal c + dk, for any dk (the pattern
// repeats every 2t diagonals, so neighbours in the next tile are covered too).
inline int band_bottom(int dk) {
  const int o = tile_position(dk);
  return TILE - 1 - min(o, 2 * TILE - 1 - o);
}
inline int band_top(int dk) {
  const int o = tile_position(dk);
  return TILE - 1 + min(o, 2 * TILE - 1 - o);
}

// Whether cell (k, r) is computed: inside the pyramid (|k| <= r), inside the matrix, and
// inside the dynamic diamond of distance bound `bound` (INT_MAX when it is off).
// Cells outside hold UNREACHED; no computed cell ever depends on one.
inline bool wfa_live(int m, int n, int r, int k, int bound) {
  const long slack = (long)bound - r, solution = (long)n - m;
  return k >= -min(r, m) && k <= min(r, n) && k >= solution - slack && k <= solution + slack;
}

// The distance bound a launch works with, from the host's (INT_MAX when the dynamic
// diamond is off) and the device's own state: the host reads the state only every
// read-interval bands, so without this, bands past the solution would still be
// computed. Once the solution is known nothing more is needed (-1: no cell is live);
// with the diamond, its device bound is at least as tight as the host's copy. Work-items
// may read older values than others: each is a valid bound, and a looser one only
// computes more cells.
inline int band_bound(__global const int* state, int host_bound) {
  if (state[STATE_SOLUTION] != INT_MAX) return -1;
  return host_bound == INT_MAX ? INT_MAX : min(host_bound, state[STATE_BOUND]);
}

// The previous band's boundary on diagonal k; UNREACHED off the centred column.
inline int band_load(__global const int* column, int m, int n, int k) {
  return k >= -m - 1 && k <= n + 1 ? CELL(column, m, k) : UNREACHED;
}

#endif
