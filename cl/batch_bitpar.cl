// Batches of short and medium pairs (lib/src/batch_bitpar.cpp): one work-item per pair,
// Myers' bit-vector algorithm with Hyyro's 32-row blocks (BLOCK_STEP, bitpar_common.cl).
// A pair is its shorter string's match masks, packed by the host (rows: its symbol codes,
// each (m + 31) / 32 words), and its longer string as those codes. The rows are swept in
// stripes of WORDS blocks held in registers; a stripe hands its bottom row's horizontal
// deltas to the next through the pair's bus bytes.
//
// Each pair has a bound k and computes only the band of diagonals a path of cost <= k can
// use, with the overestimates outside it that lib/src/bitpar.hpp describes (a stripe's
// left boundary climbs by one per row, its top by one per column past the stripe above):
// the result D' is exact when it is <= k, and the host doubles k where it is not.
//
// Tunables (build options): WORDS, the blocks of a stripe (the host compiles one program
// per size class of pairs, so short pairs do not carry long pairs' registers).

#ifndef WORDS
#define WORDS 8
#endif

// pairs[p] = (offset of its longer string's codes in b_codes, n, offset of its shorter
// string's match masks in peq, m), m <= n; bus_at[p] the offset of its n bus bytes;
// bounds[p] its k. This launch computes the pairs ids[first .. first + count - 1].
__kernel void batch_bitpar(__global const uint4* restrict pairs, __global const uint* restrict bus_at,
                           __global const uint* restrict ids, const uint first, const uint count,
                           __global const int* restrict bounds,
                           __global const uchar* restrict b_codes, __global const uint* restrict peq,
                           __global uchar* restrict bus, __global int* restrict distances) {
  const uint id = get_global_id(0);
  if (id >= count) return;
  const uint p = ids[first + id];
  const uint4 pair = pairs[p];
  const int n = (int)pair.y, m = (int)pair.w, k = bounds[p];
  const int words = (m + 31) / 32;
  // The band [lo, hi] of diagonals j - i (bitpar.hpp's band_for).
  int lo = -m, hi = n;
  if (k < n) {
    const int slack = (k - (n - m)) / 2;
    lo = max(-m, -((slack + 31) / 32 * 32));
    hi = min(n, n - m + slack);
  }
  // Column j (1-based) is byte at + j of b_codes, and byte bus_base + j of bus.
  const uint at = pair.x - 1, bus_base = bus_at[p] - 1;
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
    __global const uint* stripe_peq = peq + pair.z + s0;
    uint pv[WORDS], mv[WORDS];
#pragma unroll
    for (int w = 0; w < WORDS; ++w) {
      pv[w] = ~0u;  // the left boundary climbs by one per row
      mv[w] = 0;
    }
    int bottom = top_left + (r1 - r0);  // D'[r1][first - 1]
    int next_top_left = bottom;
    for (int j = first; j <= last; ++j) {
      __global const uint* eq = stripe_peq + b_codes[at + j] * words;
      uint in_p = 1, in_m = 0;
      if (j <= above_last) {
        const uchar above = bus[bus_base + j];
        in_p = above & 1;
        in_m = above >> 1;
      }
      uint out_p = 0, out_m = 0;
#pragma unroll
      for (int w = 0; w < WORDS; ++w) {
        if (w < used) {
          const uint match = eq[w];
          uint ph, mh;
          BLOCK_STEP(uint, pv[w], mv[w], match, in_p, in_m, ph, mh);
          if (w == out_word) {
            out_p = (ph >> out_bit) & 1;
            out_m = (mh >> out_bit) & 1;
          }
          in_p = ph >> 31;
          in_m = mh >> 31;
        }
      }
      bottom += (int)out_p - (int)out_m;
      if (j == next_first - 1) next_top_left = bottom;
      if (!bottom_stripe) bus[bus_base + j] = (uchar)(out_p | out_m << 1);
    }
    above_last = last;
    top_left = next_top_left;
    distance = bottom;
  }
  distances[p] = distance;
}
