// bitpar (bitpar_common.cl before it; lib/src/bitpar.hpp has the geometry): Myers' bit-vector
// algorithm with Hyyrö's blocks over stripes of rows, as edlib computes global edit
// distance. A workgroup of LANES work-items computes one stripe of LANES * 32 rows, one
// 32-row block per work-item, in a skewed pipeline: at step t, lane l computes column
// t - l, taking the horizontal delta at its top from lane l-1's step before (a shuffle on
// NVIDIA, local memory elsewhere). Lane 0 takes it from the stripe above through the
// "bus" in global memory, two bits per column; the stripe's bottom row goes out the same
// way. Workgroups stay resident and claim stripes in order from a counter, so a stripe
// only ever waits (on the published progress of the stripe above) for one that a running
// workgroup holds: deadlock-free whatever the device keeps resident, one launch per pair.
//
// bitpar_vector.cl is the geometry for CPU devices: one work-item per stripe.
//
// Tunables (build options, with standalone defaults; SIGMA, CHUNK, SHUFFLE in
// bitpar_common.cl):
//   LANES    work-items per workgroup = 32-row blocks per stripe (32 with SHUFFLE, one
//            warp: shuffles and votes, no barrier in the column loop)

#ifndef LANES
#define LANES 32
#endif

#if SHUFFLE && LANES != 32
#error "SHUFFLE needs LANES == 32 (one warp per workgroup)"
#endif

// Lanes of a workgroup exchange through local memory: on NVIDIA a warp synchronises with
// bar.warp.sync and votes with ballot (inline PTX); elsewhere through barriers, and lane 0
// gathers the votes.
#if SHUFFLE
#define LANES_SYNC() asm volatile("bar.warp.sync 0xffffffff;" ::: "memory")
inline uint ballot(uint x) {
  uint votes;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(votes) : "r"(x));
  return votes;
}
#else
#define LANES_SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#endif

// Bus words of stripe slots: bit (j - 1) % 32 of word (j - 1) / 32 is column j's delta,
// P for +1 and M for -1.
#define BUS_P(slot, w) bus[((long)(slot) * words + (w)) * 2]
#define BUS_M(slot, w) bus[((long)(slot) * words + (w)) * 2 + 1]

__kernel __attribute__((reqd_work_group_size(LANES, 1, 1)))
void bitpar(__global const uchar* restrict a, const int m, __global const uchar* restrict b_codes, const int n,
            __global const uchar* restrict codes, const int band_lo, const int band_hi, const int stripes,
            volatile __global uint* bus, const int words, const int slots, volatile __global int* progress,
            volatile __global int* top_left, __global int* next_stripe, __global int* result) {
  __local uint peq[SIGMA * LANES];
  __local int claimed;
  __local uint incoming[32], outgoing[32];  // 32 columns of the top and bottom rows' codes
#if !SHUFFLE
  __local uint exchange[2][LANES], votes[2];
#endif
  const int lane = (int)get_local_id(0);
  const int height = 32 * LANES;

  for (;;) {
    if (lane == 0) claimed = atomic_inc(next_stripe);
    barrier(CLK_LOCAL_MEM_FENCE);
    const int s = claimed;
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read it before lane 0 claims again
    if (s >= stripes) return;

    // Rows r0 + 1 .. r1 and the columns where they meet the band (bitpar.hpp); in long,
    // since m + n may pass INT_MAX.
    const int r0 = s * height, r1 = r0 + min(height, m - r0);
    const bool last_stripe = s == stripes - 1;
    const int first = (int)max(1L, (long)r0 + 1 + band_lo), last = (int)min((long)n, (long)r1 + band_hi);
    const int next_first = last_stripe ? n + 1 : (int)max(1L, (long)r1 + 1 + band_lo);
    const int above_last = s == 0 ? n : (int)min((long)n, (long)r0 + band_hi);

    // This lane's rows r0 + 32 lane .. + 31, as match masks per symbol code.
    for (int c = 0; c < SIGMA; ++c) peq[c * LANES + lane] = 0;
    const int row0 = r0 + 32 * lane;
    for (int k = 0; k < 32 && row0 + k < r1; ++k) peq[codes[a[row0 + k]] * LANES + lane] |= 1u << k;
    barrier(CLK_LOCAL_MEM_FENCE);

    // The row handed on: the stripe's bottom row, row m in the last stripe.
    const int out_lane = (r1 - r0 - 1) / 32, out_bit = (r1 - r0 - 1) % 32;
    // The top-left corner: D'[r0][first - 1] (exact D[r0][0] = r0 at column 1).
    int corner = r0;
    if (s > 0 && first > 1) {
      wait_progress(&progress[s - 1], first - 1);
      corner = top_left[s];
    }
    int bottom = corner + (r1 - r0);  // the left boundary climbs by one per row
    if (lane == 0 && next_first == first && !last_stripe) top_left[s + 1] = bottom;

    // A horizontal delta travels as a code: bit 0 for +1, bit 1 for -1.
    uint pv = 0xffffffffu, mv = 0;
    uint hout = 0;  // the code below this lane's block at its last column
    int available = s == 0 ? n : 0;  // columns of the stripe above known to be published
    const int slot = s % slots, above = (s + slots - 1) % slots;
    const int count = last - first + 1;
    for (int t = 0; t < count + LANES - 1; ++t) {
      // Every 32 columns of lane 0, the next 32 top deltas into `incoming`: from the bus,
      // +1 on row 0 and past the stripe above.
      const int j0 = first + t;
      if (j0 <= last && (t == 0 || ((j0 - 1) & 31) == 0)) {
        const int base = (j0 - 1) & ~31;  // the word's columns are base + 1 .. base + 32
        uint word_p = 0xffffffffu, word_m = 0;
        if (s > 0 && base + 1 <= above_last) {
          if (min(base + 32, above_last) > available) {
            available = min(above_last, base / CHUNK * CHUNK + CHUNK);
            wait_progress(&progress[s - 1], available);
          }
          word_p = BUS_P(above, base >> 5);
          word_m = BUS_M(above, base >> 5);
          if (above_last < base + 32) {
            const uint past = 0xffffffffu << (above_last - base);
            word_p |= past;
            word_m &= ~past;
          }
        }
        LANES_SYNC();  // the last word's readers are done
        for (int k = lane; k < 32; k += LANES) incoming[k] = ((word_p >> k) & 1u) | ((word_m >> k) & 1u) << 1;
        LANES_SYNC();
      }
      const uint from_bus = incoming[(j0 - 1) & 31];
#if SHUFFLE
      uint from_above;
      asm volatile("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(from_above) : "r"(hout));
#else
      exchange[t & 1][lane] = hout;
      barrier(CLK_LOCAL_MEM_FENCE);
      const uint from_above = lane > 0 ? exchange[t & 1][lane - 1] : 0;
#endif
      const uint hin = lane == 0 ? from_bus : from_above;

      const int c = t - lane;
      const int j = first + c;
      if (c >= 0 && c < count) {
        uint ph, mh;
        BLOCK_STEP(uint, pv, mv, peq[b_codes[j - 1] * LANES + lane], hin & 1u, hin >> 1, ph, mh);
        hout = ph >> 31 | (mh >> 31) << 1;
        if (lane == out_lane)
          outgoing[(j - 1) & 31] = last_stripe ? ((ph >> out_bit) & 1u) | ((mh >> out_bit) & 1u) << 1 : hout;
      }

      // Every 32 columns of the bottom row, its word onto the bus: the stripe's progress,
      // its bottom row's value (the next stripe's top-left corner; D'[m][n] at the end).
      const int jc = first + t - out_lane;
      if (jc >= first && jc <= last && ((jc & 31) == 0 || jc == last)) {
        LANES_SYNC();
        const int base = (jc - 1) & ~31;
#if SHUFFLE
        const int column = base + lane + 1;
        const uint code = column >= first && column <= jc ? outgoing[lane] : 0u;
        const uint word_p = ballot(code & 1u), word_m = ballot(code & 2u);
#else
        if (lane == 0) {
          uint p = 0, q = 0;
          for (int k = 0; k < 32; ++k) {
            const int column = base + k + 1;
            const uint code = column >= first && column <= jc ? outgoing[k] : 0u;
            p |= (code & 1u) << k;
            q |= (code >> 1) << k;
          }
          votes[0] = p;
          votes[1] = q;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const uint word_p = votes[0], word_m = votes[1];
#endif
        const int before = bottom;
        bottom += (int)popcount(word_p) - (int)popcount(word_m);
        if (lane == 0 && !last_stripe) {
          if (next_first - 1 > base && next_first - 1 <= jc) {
            const uint upto = next_first - 1 - base == 32 ? 0xffffffffu : ~(0xffffffffu << (next_first - 1 - base));
            top_left[s + 1] = before + (int)popcount(word_p & upto) - (int)popcount(word_m & upto);
          }
          // The slot's previous stripe's reader must be past this word.
          if (s >= slots) wait_progress(&progress[s - slots + 1], jc);  // met at the latest when it is done
          BUS_P(slot, base >> 5) = word_p;
          BUS_M(slot, base >> 5) = word_m;
          if (jc % CHUNK == 0 || jc == last) {
            GLOBAL_FENCE();
            atomic_xchg(&progress[s], jc);
          }
        }
        LANES_SYNC();  // outgoing is free again
      }
    }
    if (lane == 0) {
      if (last_stripe) *result = bottom;
      GLOBAL_FENCE();
      atomic_xchg(&progress[s], INT_MAX);  // done: every wait on this stripe is met
    }
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  }
}

