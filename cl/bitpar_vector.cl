// bitpar-vector, for CPU devices (lib/src/engines/bitpar/bitpar.hpp has the geometry):
// one work-item per stripe of four 64-row blocks, the blocks the lanes of one
// ulong4 (the compiler's vector registers) in a skewed pipeline, as cpu-bitpar runs them;
// one work-item per workgroup, stripes claimed in order from a counter and chained through
// a bus of one byte per column (p | m << 1), so no stripe waits for an unstarted one. The
// sweeps of pieces, as bitpar.cl (cl/bitpar.h).

#include "bitpar.h"
#include "bitpar_common.cl"
#include "workgroup_flags.cl"

#ifndef TILES
#define TILES 0  // 1: the launch is a tile of a sweep (cl/bitpar.h, bitpar.cl)
#endif

__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void bitpar_vector(__global const uchar* restrict codes, __global const BitparSweep* restrict sweeps,
                   __global const int* restrict claims, const int claim_count, volatile __global uchar* bus,
                   volatile __global int* all_progress, volatile __global ulong* all_top_left,
                   __global int* next_stripe, __global int* result, __global int* stripe_values) {
  const int height = 256;
  ulong peq[SIGMA * 4];
  for (;;) {
    const int claim = atomic_inc(next_stripe);
    if (claim >= claim_count) return;
    const int which = claims[2 * claim], s = claims[2 * claim + 1];
    const BitparSweep sweep = sweeps[which];
    const int m = sweep.m, n = sweep.n, band_lo = sweep.band_lo, band_hi = sweep.band_hi, stripes = sweep.stripes,
              slots = sweep.slots;
    __global const uchar* restrict a = codes + sweep.rows_at;
    __global const uchar* restrict b_codes = codes + sweep.columns_at;
    volatile __global int* progress = all_progress + sweep.progress_at;
    volatile __global ulong* top_left = all_top_left + sweep.corners_at;
    const int r0 = s * height, r1 = r0 + min(height, m - r0);
    const bool last_stripe = s == stripes - 1;
    const int first = (int)max(1L, (long)r0 + 1 + band_lo), last = (int)min((long)n, (long)r1 + band_hi);
    const int next_first = last_stripe ? n + 1 : (int)max(1L, (long)r1 + 1 + band_lo);
    const int above_last = s == 0 ? sweep.top_last : (int)min((long)n, (long)r0 + band_hi);  // 0: row 0
    const int count = last - first + 1;
    for (int c = 0; c < SIGMA * 4; ++c) peq[c] = 0;
    for (int i = r0; i < r1; ++i) peq[a[i] * 4 + (i - r0) / 64] |= 1UL << ((i - r0) % 64);

    // D'[r0][first - 1]; a tile's stripe at its column 0 takes it from the host, and its
    // deltas there from the edge of the tile to the left where it reached it (cl/bitpar.h).
    const bool from_left = TILES && bitpar_corner_from_host(s, first);
    const bool left_edge = TILES && bitpar_deltas_from_left(sweep.left_at, r0, band_lo);
    const int corner = from_left ? stripe_values[sweep.lefts_at + s] : s > 0 && first > 1 ? wait_value(&top_left[s]) : r0;
    ulong4 pv = (ulong4)(~0UL), mv = (ulong4)(0), cp = (ulong4)(0), cm = (ulong4)(0);
    int bottom = corner + (r1 - r0);  // the left boundary climbs by one per row
    if (left_edge) {
      ulong p[4] = {0, 0, 0, 0}, q[4] = {0, 0, 0, 0};
      bottom = corner;
      for (int i = 0; i < r1 - r0; ++i) {
        const uchar delta = bus[sweep.left_at + r0 + i];
        p[i / 64] |= (ulong)(delta & 1) << (i % 64);
        q[i / 64] |= (ulong)(delta >> 1) << (i % 64);
        bottom += (int)(delta & 1) - (int)(delta >> 1);
      }
      pv = (ulong4)(p[0], p[1], p[2], p[3]);
      mv = (ulong4)(q[0], q[1], q[2], q[3]);
    }
    if (next_first == first && !last_stripe) publish_value(&top_left[s + 1], bottom);
    const int out_lane = (r1 - r0 - 1) / 64, out_bit = (r1 - r0 - 1) % 64;
    const long slot = sweep.bus_at + (long)(s % slots) * n,
               above = s == 0 ? sweep.top_at : sweep.bus_at + (long)((s + slots - 1) % slots) * n;
    int available = s == 0 ? n : 0;
    for (int t = 0; t < count + 3; ++t) {
      // Block 0's column first + t takes its top delta from the stripe above.
      const int j0 = first + t;
      uchar top = 1;  // row 0, and past the stripe above: +1
      if (j0 <= min(last, above_last)) {
        if (j0 > available) {
          available = min(above_last, (j0 - 1) / CHUNK * CHUNK + CHUNK);
          wait_progress(&progress[s - 1], available);
        }
        top = bus[above + j0 - 1];
      }
      const int4 column = (int4)(t, t - 1, t - 2, t - 3);
      const long4 active = convert_long4(column >= 0 && column < count);  // all ones where busy
      const int4 at = clamp(column, 0, count - 1) + first - 1;
      const ulong4 eq = (ulong4)(peq[b_codes[at.s0] * 4], peq[b_codes[at.s1] * 4 + 1], peq[b_codes[at.s2] * 4 + 2],
                                 peq[b_codes[at.s3] * 4 + 3]);
      const ulong4 in_p = (ulong4)((ulong)(top & 1), cp.s0, cp.s1, cp.s2);
      const ulong4 in_m = (ulong4)((ulong)(top >> 1), cm.s0, cm.s1, cm.s2);
      ulong4 ph, mh, npv = pv, nmv = mv;
      BLOCK_STEP(ulong4, npv, nmv, eq, in_p, in_m, ph, mh);
      const ulong4 busy = as_ulong4(active);
      pv = select(pv, npv, busy);
      mv = select(mv, nmv, busy);
      cp = select(cp, ph >> 63, busy);
      cm = select(cm, mh >> 63, busy);

      const int j = first + t - out_lane;  // the bottom row's column
      if (j >= first && j <= last) {
        const ulong4 bit_p = (ph >> (ulong)out_bit) & 1UL, bit_m = (mh >> (ulong)out_bit) & 1UL;
        const ulong p = out_lane == 0 ? bit_p.s0 : out_lane == 1 ? bit_p.s1 : out_lane == 2 ? bit_p.s2 : bit_p.s3;
        const ulong q = out_lane == 0 ? bit_m.s0 : out_lane == 1 ? bit_m.s1 : out_lane == 2 ? bit_m.s2 : bit_m.s3;
        bottom += (int)p - (int)q;
        if (j == next_first - 1 && !last_stripe) publish_value(&top_left[s + 1], bottom);
        // The slot's previous stripe's reader must be past this chunk.
        if (s >= slots && (j == first || (j - 1) % CHUNK == 0))
          wait_progress(&progress[s - slots + 1], min(last, (j - 1) / CHUNK * CHUNK + CHUNK));
        bus[slot + j - 1] = (uchar)(p | q << 1);
        if (j % CHUNK == 0 || j == last) {
          publish_progress(&progress[s], j);
        }
      }
    }
    if (sweep.edge_at >= 0) {  // the rows' vertical deltas at the last column: the sweep's edge
      const ulong p[4] = {pv.s0, pv.s1, pv.s2, pv.s3}, q[4] = {mv.s0, mv.s1, mv.s2, mv.s3};
      for (int i = 0; i < r1 - r0; ++i)
        bus[sweep.edge_at + r0 + i] = (uchar)((p[i / 64] >> (i % 64) & 1) | (q[i / 64] >> (i % 64) & 1) << 1);
    }
    if (last_stripe) result[which] = bottom;
    if (TILES) stripe_values[sweep.ends_at + s] = bottom;
    publish_progress(&progress[s], INT_MAX);  // done: every wait on this stripe is met
  }
}

