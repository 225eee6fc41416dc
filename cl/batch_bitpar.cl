// Batches of short and medium pairs (lib/src/engines/batch_bitpar/batch_bitpar.cpp; a
// pair's layout in batch_bitpar.h): one work-item per pair,
// Myers' bit-vector algorithm with Hyyro's 32-row blocks (BLOCK_STEP, bitpar_common.cl).
// A pair is its shorter string's match masks, packed by the host (rows: its symbol codes,
// each (m + 31) / 32 words), and its longer string as those codes. The rows are swept in
// stripes of WORDS blocks held in registers, the blocks skewed by a column each (as
// cpu-bitpar's lanes); a stripe hands its bottom row's horizontal deltas to the next
// through the pair's bus bytes.
//
// Each pair has a bound k and computes only the band of diagonals a path of cost <= k can
// use, with the overestimates outside it that lib/src/engines/bitpar/bitpar.hpp
// describes (a stripe's left boundary climbs by one per row, its top by one per column past the stripe above):
// the result D' is exact when it is <= k, and the host doubles k where it is not.
//
// Tunables (build options): WORDS, the blocks of a stripe (the host compiles one program
// per size class of pairs, so short pairs do not carry long pairs' registers).

#include "batch_bitpar.h"
#include "bitpar_common.cl"

#ifndef WORDS
#define WORDS 8
#endif

// pairs[p] is pair p (batch_bitpar.h); bus_at[p] the offset of its n bus bytes, in
// BUS_ALIGN units; bounds[p] its k. This launch computes the pairs ids[first .. first +
// count - 1].
__kernel void batch_bitpar(__global const BatchPair* restrict pairs, __global const uint* restrict bus_at,
                           __global const uint* restrict ids, const uint first, const uint count,
                           __global const int* restrict bounds,
                           __global const uchar* restrict b_codes, __global const uint* restrict peq,
                           __global uchar* restrict bus, __global int* restrict distances,
                           volatile __global int* finished) {
  const uint id = get_global_id(0);
  if (id >= count) return;
  const uint p = ids[first + id];
  const BatchPair pair = pairs[p];
  const int n = (int)pair.n, m = (int)pair.m, k = bounds[p];
  const int words = (m + 31) / 32;
  // The band [lo, hi] of diagonals j - i (bitpar.hpp's band_for).
  int lo = -m, hi = n;
  if (k < n) {
    const int slack = (k - (n - m)) / 2;
    lo = max(-m, -((slack + 31) / 32 * 32));
    hi = min(n, n - m + slack);
  }
  // Column j (1-based) is byte at + j of b_codes, and byte bus_base + j of bus.
  const uint at = pair.codes_at - 1;
  const ulong bus_base = (ulong)bus_at[p] * BUS_ALIGN - 1;
  int top_left = 0;     // D'[r0][first - 1]
  int above_last = 0;   // the stripe above's last column (0: row 0, which climbs by one per column)
  int distance = m;
  for (int s0 = 0; s0 < words; s0 += WORDS) {
    const int r0 = 32 * s0, r1 = min(m, r0 + 32 * WORDS);
    const int used = min(WORDS, words - s0);
    const bool bottom_stripe = r1 == m;
    const int out_word = used - 1, out_bit = (r1 - 1) % 32;
    const int first = max(1, r0 + 1 + lo), last = min(n, r1 + hi);
    const int next_first = bottom_stripe ? n + 1 : max(1, r1 + 1 + lo);
    __global const uint* stripe_peq = peq + pair.peq_at + s0;
    // A skewed pipeline: at step t word w computes column first + t - w, taking at its top
    // the carry word w - 1 left at the step before, so the words of a step do not wait on
    // each other (a work-item's steps are a dependent chain; its words are not).
    uint pv[WORDS], mv[WORDS], carry_p[WORDS], carry_m[WORDS];
    uchar code[WORDS];  // code[w]: the symbol code of word w's column, shifted down a word a step
#pragma unroll
    for (int w = 0; w < WORDS; ++w) {
      pv[w] = ~0u;  // the left boundary climbs by one per row
      mv[w] = 0;
      carry_p[w] = carry_m[w] = 0;
      code[w] = 0;
    }
    int bottom = top_left + (r1 - r0);  // D'[r1][first - 1]
    int next_top_left = bottom;
    const int count = last - first + 1, steps = count > 0 ? count + used - 1 : 0;
    for (int t = 0; t < steps; ++t) {
      // Descending, so that word w reads word w - 1's carry of the step before.
#pragma unroll
      for (int w = WORDS - 1; w >= 0; --w) {
        if (w > 0)
          code[w] = code[w - 1];
        else if (t < count)
          code[0] = b_codes[at + first + t];
        const int c = t - w;
        if (w < used && c >= 0 && c < count) {
          const int j = first + c;
          uint in_p = w > 0 ? carry_p[w - 1] : 1, in_m = w > 0 ? carry_m[w - 1] : 0;  // row 0 climbs by one
          if (w == 0 && j <= above_last) {
            const uchar above = bus[bus_base + j];
            in_p = above & 1;
            in_m = above >> 1;
          }
          const uint match = stripe_peq[code[w] * words + w];
          uint ph, mh;
          BLOCK_STEP(uint, pv[w], mv[w], match, in_p, in_m, ph, mh);
          carry_p[w] = ph >> 31;
          carry_m[w] = mh >> 31;
          if (w == out_word) {
            const uint out_p = (ph >> out_bit) & 1, out_m = (mh >> out_bit) & 1;
            bottom += (int)out_p - (int)out_m;
            if (j == next_first - 1) next_top_left = bottom;
            if (!bottom_stripe) bus[bus_base + j] = (uchar)(out_p | out_m << 1);
          }
        }
      }
    }
    above_last = last;
    top_left = next_top_left;
    distance = bottom;
  }
  distances[p] = distance;
  atomic_inc(&finished[id % BATCH_FINISHED_COUNTERS]);
}
