// Batches of short and medium pairs (lib/src/engines/batch_bitpar/batch_bitpar.cpp; a
// chunk's layout in batch_bitpar.h): one work-item per pair (batch_bitpar), or 32 for a
// pair longer than a stripe (batch_bitpar_lanes), Myers' bit-vector algorithm with Hyyro's
// blocks (BLOCK_STEP, bitpar_common.cl) of 32 rows (64 in batch_bitpar_lanes).
//
// The host copies a chunk's strings, each once however many pairs use it, and lists them
// and the pairs; the device does the rest. unpack_bases (bases.cl) expands a chunk sent
// as bases; batch_present marks the byte values the strings hold, which make the chunk's symbol
// codes (batch_bitpar.h); batch_masks builds the match masks of every string that is some
// pair's rows (the shorter string), a 32-row word per work-item; batch_bitpar sweeps each
// pair's rows in stripes of WORDS blocks held in registers, the blocks skewed by a column
// each (as cpu-bitpar's lanes), its columns read as bytes and coded through a table in
// local memory; a stripe hands its bottom row's horizontal deltas to the next through the
// pair's bus bytes.
//
// Each pair has a bound k and computes only the band of diagonals a path of cost <= k can
// use, with the overestimates outside it that lib/src/engines/bitpar/bitpar.hpp
// describes (a stripe's left boundary climbs by one per row, its top by one per column past the stripe above):
// the result D' is exact when it is <= k, and the host doubles k where it is not.
//
// Tunables (build options): WORDS, the blocks of a work-item's stripe (the host compiles
// one program per size class of pairs, so short pairs do not carry long pairs' registers);
// SHUFFLE (bitpar_common.cl), batch_bitpar_lanes' exchange between lanes.

#include "batch_bitpar.h"
#include "bitpar_common.cl"

// The byte values of bytes[0 .. count - 1] into present (zeroed by the host): each
// work-item gathers a span's in registers, then its workgroup's in local memory.
__kernel void batch_present(__global const uchar* restrict bytes, const ulong count, volatile __global uint* present) {
  __local uint group[BATCH_BYTE_WORDS];
  const size_t lid = get_local_id(0);
  if (lid < BATCH_BYTE_WORDS) group[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint seen[BATCH_BYTE_WORDS];
#pragma unroll
  for (int w = 0; w < BATCH_BYTE_WORDS; ++w) seen[w] = 0;
  const ulong items = get_global_size(0), span = (count + items - 1) / items;
  const ulong from = get_global_id(0) * span, to = min(count, from + span);
  for (ulong i = from; i < to; ++i) {
    const uint c = bytes[i], bit = 1u << (c & 31);
#pragma unroll
    for (int w = 0; w < BATCH_BYTE_WORDS; ++w) seen[w] |= (c >> 5) == (uint)w ? bit : 0u;  // no indexed registers
  }
#pragma unroll
  for (int w = 0; w < BATCH_BYTE_WORDS; ++w)
    if (seen[w]) atomic_or(&group[w], seen[w]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < BATCH_BYTE_WORDS && group[lid]) atomic_or(&present[lid], group[lid]);
}

// The chunk's code of every byte value (batch_bitpar.h) into `codes`, by the workgroup.
inline void code_table(__global const uint* restrict present, __local uchar* codes) {
  uint all = 0;
  for (int w = 0; w < BATCH_BYTE_WORDS; ++w) all += popcount(present[w]);
  for (int c = (int)get_local_id(0); c < 256; c += (int)get_local_size(0)) {
    uint below = 0;
    for (int w = 0; w < c / 32; ++w) below += popcount(present[w]);
    const uint word = present[c / 32], low = word & ((1u << (c % 32)) - 1u);
    codes[c] = all == 256 ? (uchar)c : (word >> (c % 32) & 1u) ? (uchar)(below + popcount(low) + 1) : (uchar)0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

// Word g of the row strings' match masks (strings[0 .. rows - 1], by words_at): for each
// code c, bit r of the word is set where row 32 * (g - words_at) + r holds c. A string's
// masks lie code after code, each code its string's words.
__kernel void batch_masks(__global const BatchString* restrict strings, const uint rows, const uint total_words,
                          __global const uchar* restrict raw, __global const uint* restrict present,
                          const uint code_count, __global uint* restrict peq) {
  __local uchar codes[256];
  code_table(present, codes);
  const uint g = get_global_id(0);
  if (g >= total_words) return;
  uint lo = 0, hi = rows - 1;  // the last row string whose words start at or before g
  while (lo < hi) {
    const uint mid = (lo + hi + 1) / 2;
    if (strings[mid].words_at <= g) lo = mid;
    else hi = mid - 1;
  }
  const BatchString s = strings[lo];
  const uint words = (s.length + 31) / 32, r0 = 32 * (g - s.words_at), r1 = min(s.length, r0 + 32);
  __global uint* masks = peq + (ulong)code_count * s.words_at + (g - s.words_at);
  for (uint c = 0; c < code_count; ++c) masks[(ulong)c * words] = 0;
  for (uint r = r0; r < r1; ++r) masks[(ulong)codes[raw[s.raw_at + r]] * words] |= 1u << (r - r0);
}

#ifndef WORDS
#define WORDS 8
#endif

// The band [lo, hi] of diagonals j - i that a pair of m <= n computes under bound k
// (bitpar.hpp's band_for).
inline void pair_band(const int m, const int n, const int k, int* lo, int* hi) {
  *lo = -m;
  *hi = n;
  if (k < n) {
    const int slack = (k - (n - m)) / 2;
    *lo = max(-m, -((slack + 31) / 32 * 32));
    *hi = min(n, n - m + slack);
  }
}

// A pair's n bus bytes, claimed from the launch's bus: where its column 0 would be.
inline ulong bus_space(volatile __global uint* bus_used, const int n) {
  return (ulong)atomic_add(bus_used, (uint)((n + BUS_ALIGN - 1) / BUS_ALIGN)) * BUS_ALIGN - 1;
}

// The arguments of both pair kernels (the host sets them from one list: BatchArgs). Pair
// p is pairs[p]; a launch computes the pairs ids[first .. first + count - 1]. A pair's
// bound k is bounds[p], or on the first pass its first (batch_bitpar.h); `again` counts the
// pairs whose distance is over it (finish_pair).
#define BATCH_KERNEL_ARGUMENTS                                                                                    \
  __global const BatchPair *restrict pairs, __global const BatchString *restrict strings,                        \
      __global const uchar *restrict raw, __global const uint *restrict present, const uint code_count,         \
      __global const uint *restrict peq, __global const uint *restrict ids, const uint first, const uint count, \
      const int first_pass, const int band, const int max_k, __global const int *restrict bounds,              \
      __global uchar *restrict bus, volatile __global uint *bus_used, __global int *restrict distances,       \
      volatile __global uint *again, volatile __global int *finished

// Pair p as a kernel sweeps it: its strings (rows the shorter), lengths, bound k and band
// [lo, hi] under it.
typedef struct {
  BatchString rows, columns;
  int m, n, k, lo, hi;
} PairSweep;
inline PairSweep pair_sweep(__global const BatchPair* pairs, __global const BatchString* strings, const uint p,
                            const int first_pass, const int band, const int max_k, __global const int* bounds) {
  PairSweep s;
  s.rows = strings[pairs[p].rows];
  s.columns = strings[pairs[p].columns];
  s.m = (int)s.rows.length;
  s.n = (int)s.columns.length;
  s.k = first_pass ? batch_first_bound(s.m, s.n, band, max_k) : bounds[p];
  pair_band(s.m, s.n, s.k, &s.lo, &s.hi);
  return s;
}

// Pair p's distance out; counted in `again` where it runs again with a wider bound
// (batch_bitpar.h): where none does, the host reads no pair's bound back (batch_bitpar.cpp's
// collect).
inline void finish_pair(__global int* distances, volatile __global uint* again, volatile __global int* finished,
                        const uint p, const uint counter, const PairSweep* pair, const int max_k, const int distance) {
  distances[p] = distance;
  if (batch_runs_again(distance, pair->k, pair->n, max_k)) atomic_inc(again);
  atomic_inc(&finished[counter % BATCH_FINISHED_COUNTERS]);
}

__kernel void batch_bitpar(BATCH_KERNEL_ARGUMENTS) {
  __local uchar codes[256];
  code_table(present, codes);
  const uint id = get_global_id(0);
  if (id >= count) return;
  const uint p = ids[first + id];
  const PairSweep pair = pair_sweep(pairs, strings, p, first_pass, band, max_k, bounds);
  const BatchString rows = pair.rows, columns = pair.columns;
  const int n = pair.n, m = pair.m, lo = pair.lo, hi = pair.hi;
  const int words = (m + 31) / 32;
  // Column j (1-based) is byte at + j of raw, and byte bus_base + j of bus.
  const uint at = columns.raw_at - 1;
  const ulong bus_base = words > WORDS ? bus_space(bus_used, n) : 0;
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
    __global const uint* stripe_peq = peq + (ulong)code_count * rows.words_at + s0;
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
          code[0] = codes[raw[at + first + t]];
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
  finish_pair(distances, again, finished, p, id, &pair, max_k, distance);
}

// The pairs longer than a stripe of WORDS blocks, with every lane of a workgroup of 32
// on one pair: stripes of 32 blocks of 64 rows (2,048 rows; a lane's block is two of the
// strings' 32-row mask words), lane l holding block l and computing
// column first + t - l at step t, its top delta lane l-1's of the step before
// (from_lane_above), lane 0's the stripe above's bottom row through the pair's bus. Pairs
// as batch_bitpar's, ids[first + the workgroup's index]; the launch has count workgroups.
#if SHUFFLE && BATCH_LANES != 32
#error "SHUFFLE exchanges within a warp of 32"
#endif
__kernel __attribute__((reqd_work_group_size(BATCH_LANES, 1, 1)))
void batch_bitpar_lanes(BATCH_KERNEL_ARGUMENTS) {
  __local uchar codes[256];
  __local uint exchange[SHUFFLE ? 1 : 2 * BATCH_LANES];
  __local ulong shared_bus_base;
  __local int shared_rows[2];  // the out lane's bottom value and next top-left corner
  code_table(present, codes);
  const int lane = (int)get_local_id(0);
  const uint p = ids[first + get_group_id(0)];
  const PairSweep pair = pair_sweep(pairs, strings, p, first_pass, band, max_k, bounds);
  const BatchString rows = pair.rows, columns = pair.columns;
  const int n = pair.n, m = pair.m, lo = pair.lo, hi = pair.hi;
  const int words = (m + 31) / 32, stripe_words = BATCH_LANE_ROWS / 32 * BATCH_LANES;
  if (lane == 0) shared_bus_base = words > stripe_words ? bus_space(bus_used, n) : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  const ulong bus_base = shared_bus_base;
  const uint at = columns.raw_at - 1;
  int top_left = 0, above_last = 0, distance = m;
  for (int s0 = 0; s0 < words; s0 += stripe_words) {
    const int r0 = 32 * s0, r1 = min(m, r0 + BATCH_LANE_ROWS * BATCH_LANES);
    const int used = (r1 - r0 + BATCH_LANE_ROWS - 1) / BATCH_LANE_ROWS;
    const bool bottom_stripe = r1 == m;
    const int out_lane = used - 1, out_bit = (r1 - r0 - 1) % BATCH_LANE_ROWS;
    const bool high_word = s0 + 2 * lane + 1 < words;  // this lane's block has rows past its first 32
    const int first_column = max(1, r0 + 1 + lo), last = min(n, r1 + hi);
    const int next_first = bottom_stripe ? n + 1 : max(1, r1 + 1 + lo);
    __global const uint* stripe_peq = peq + (ulong)code_count * rows.words_at + s0;
    ulong pv = ~0ul, mv = 0;  // the left boundary climbs by one per row
    uint hout = 0;
    int bottom = top_left + (r1 - r0), next_top_left = bottom;
    const int columns_count = last - first_column + 1;
    const int steps = columns_count > 0 ? columns_count + used - 1 : 0;
    for (int t = 0; t < steps; ++t) {
      const uint from_above = from_lane_above(hout, lane, BATCH_LANES, t, exchange);
      const int c = t - lane;
      if (lane < used && c >= 0 && c < columns_count) {
        const int j = first_column + c;
        uint in_p = from_above & 1u, in_m = from_above >> 1;
        if (lane == 0) {  // row 0 climbs by one per column, as the top past the stripe above
          const uchar above = j <= above_last ? bus[bus_base + j] : 1;
          in_p = above & 1;
          in_m = above >> 1;
        }
        __global const uint* masks = stripe_peq + codes[raw[at + j]] * words + 2 * lane;
        const ulong match = masks[0] | (high_word ? (ulong)masks[1] << 32 : 0ul);
        ulong ph, mh;
        BLOCK_STEP(ulong, pv, mv, match, in_p, in_m, ph, mh);
        hout = (uint)(ph >> 63) | (uint)(mh >> 63) << 1;
        if (lane == out_lane) {
          const uint out_p = (uint)(ph >> out_bit) & 1, out_m = (uint)(mh >> out_bit) & 1;
          bottom += (int)out_p - (int)out_m;
          if (j == next_first - 1) next_top_left = bottom;
          if (!bottom_stripe) bus[bus_base + j] = (uchar)(out_p | out_m << 1);  // read back at an earlier step
        }
      }
    }
    // The out lane's values to every lane, and its bus bytes to the next stripe's lane 0.
    if (lane == out_lane) {
      shared_rows[0] = bottom;
      shared_rows[1] = next_top_left;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    distance = shared_rows[0];
    top_left = shared_rows[1];
    above_last = last;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lane == 0) finish_pair(distances, again, finished, p, get_group_id(0), &pair, max_k, distance);
}
