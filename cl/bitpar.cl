// The bit-parallel family (lib/src/bitpar.hpp has the geometry): Myers' bit-vector
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
// bitpar_vector, further down, is the geometry for CPU devices: one work-item per stripe.
//
// Tunables (build options, with standalone defaults):
//   LANES    work-items per workgroup = 32-row blocks per stripe (32 with SHUFFLE)
//   SIGMA    rows of the match-mask table: symbol codes in use (bitpar.hpp)
//   CHUNK    columns between two publications of a stripe's progress (a multiple of 32)
//   SHUFFLE  1: exchange between lanes with NVIDIA's shfl.sync (inline PTX), one warp
//            per workgroup, no barrier in the column loop

#ifndef LANES
#define LANES 32
#endif
#ifndef SIGMA
#define SIGMA 256
#endif
#ifndef CHUNK
#define CHUNK 256
#endif
#ifndef SHUFFLE
#define SHUFFLE 0
#endif

#if SHUFFLE && LANES != 32
#error "SHUFFLE needs LANES == 32 (one warp per workgroup)"
#endif

// Cross-workgroup flags: stores are fenced before the progress that publishes them, and
// loads of the bus bypass the (incoherent) L1 cache through volatile pointers.
#if SHUFFLE
#define GLOBAL_FENCE() asm volatile("membar.gl;" ::: "memory")
#else
#define GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif

inline int load_progress(volatile __global int* progress) {
#if SHUFFLE
  return *progress;
#else
  return atomic_or(progress, 0);
#endif
}

inline void wait_progress(volatile __global int* progress, int needed) {
  while (load_progress(progress) < needed) {
  }
  GLOBAL_FENCE();
}

// One column of a block (edlib's calculateBlock), for any word type T (uint, ulong4):
// from the vertical deltas PV, MV, the column's match mask EQ and the delta at the top
// (IN_P for +1, IN_M for -1, in the lowest bit), the deltas below every row PH, MH (before
// their shift) and the new PV, MV.
#define BLOCK_STEP(T, PV, MV, EQ, IN_P, IN_M, PH, MH)  \
  do {                                                 \
    const T xv_ = (EQ) | (MV);                         \
    const T eq_ = (EQ) | (IN_M);                       \
    const T xh_ = (((eq_ & (PV)) + (PV)) ^ (PV)) | eq_; \
    PH = (MV) | ~(xh_ | (PV));                         \
    MH = (PV) & xh_;                                   \
    const T ph_in_ = ((PH) << 1) | (IN_P);             \
    const T mh_in_ = ((MH) << 1) | (IN_M);             \
    PV = mh_in_ | ~(xv_ | ph_in_);                     \
    MV = ph_in_ & xv_;                                 \
  } while (0)

// One column of one 32-row block: returns the delta below its last row and, in *below,
// the one below row `out_bit`.
inline int block_step(uint* pv, uint* mv, uint eq, int hin, int out_bit, int* below) {
  uint ph, mh;
  const uint in_p = hin > 0 ? 1u : 0u, in_m = hin < 0 ? 1u : 0u;
  BLOCK_STEP(uint, *pv, *mv, eq, in_p, in_m, ph, mh);
  *below = (int)((ph >> out_bit) & 1u) - (int)((mh >> out_bit) & 1u);
  return (int)(ph >> 31) - (int)(mh >> 31);
}

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
#if !SHUFFLE
  __local int exchange[2][LANES];
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
    if (lane == out_lane && next_first == first && !last_stripe) top_left[s + 1] = bottom;

    uint pv = 0xffffffffu, mv = 0;
    int hout = 0;          // the delta below this lane's block at its last column
    uint in_p = 0, in_m = 0, out_p = 0, out_m = 0;
    int available = s == 0 ? n : 0;  // columns of the stripe above known to be published
    const int slot = s % slots, above = (s + slots - 1) % slots;
    const int count = last - first + 1;
    for (int t = 0; t < count + LANES - 1; ++t) {
      // Lane 0's column first + t: its top delta from the bus (or +1 past the stripe above).
      const int j0 = first + t;
      if (s > 0 && j0 <= min(last, above_last) && (t == 0 || ((j0 - 1) & 31) == 0)) {
        if (j0 > available) {
          const int until = min(above_last, (j0 - 1) / CHUNK * CHUNK + CHUNK);
          wait_progress(&progress[s - 1], until);
          available = until;
        }
        in_p = BUS_P(above, (j0 - 1) >> 5);
        in_m = BUS_M(above, (j0 - 1) >> 5);
      }
      const int bus_in = s == 0 || j0 > above_last ? 1 : (int)((in_p >> ((j0 - 1) & 31)) & 1u) - (int)((in_m >> ((j0 - 1) & 31)) & 1u);
#if SHUFFLE
      int from_above;
      asm volatile("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(from_above) : "r"(hout));
#else
      exchange[t & 1][lane] = hout;
      barrier(CLK_LOCAL_MEM_FENCE);
      const int from_above = lane > 0 ? exchange[t & 1][lane - 1] : 0;
#endif
      const int hin = lane == 0 ? bus_in : from_above;

      const int c = t - lane;
      const int j = first + c;
      if (c >= 0 && c < count) {
        int below;
        hout = block_step(&pv, &mv, peq[b_codes[j - 1] * LANES + lane], hin, out_bit, &below);
        if (lane == out_lane) {
          bottom += below;
          const uint bit = 1u << ((j - 1) & 31);
          if (below > 0) out_p |= bit;
          if (below < 0) out_m |= bit;
          if (j == next_first - 1 && !last_stripe) top_left[s + 1] = bottom;
          if (!last_stripe && (((j & 31) == 0) || j == last)) {
            // The slot's previous stripe's reader must be past this word.
            if (s >= slots) wait_progress(&progress[s - slots + 1], j);  // met at the latest when it is done
            BUS_P(slot, (j - 1) >> 5) = out_p;
            BUS_M(slot, (j - 1) >> 5) = out_m;
            out_p = out_m = 0;
            if (j % CHUNK == 0 || j == last) {
              GLOBAL_FENCE();
              atomic_xchg(&progress[s], j);
            }
          }
        }
      }
    }
    if (lane == out_lane) {
      if (last_stripe) *result = bottom;
      GLOBAL_FENCE();
      atomic_xchg(&progress[s], INT_MAX);  // done: every wait on this stripe is met
    }
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  }
}

// bitpar-vector, for CPU devices: one work-item per stripe of four 64-row blocks, the
// blocks the lanes of one ulong4 (the compiler's vector registers) in a skewed pipeline,
// as cpu-bitpar runs them; one work-item per workgroup, stripes claimed in order and
// chained through a bus of one byte per column (p | m << 1).
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void bitpar_vector(__global const uchar* restrict a, const int m, __global const uchar* restrict b_codes, const int n,
                   __global const uchar* restrict codes, const int band_lo, const int band_hi, const int stripes,
                   volatile __global uchar* bus, const int slots, volatile __global int* progress,
                   volatile __global int* top_left, __global int* next_stripe, __global int* result) {
  const int height = 256;
  ulong peq[SIGMA * 4];
  for (;;) {
    const int s = atomic_inc(next_stripe);
    if (s >= stripes) return;
    const int r0 = s * height, r1 = r0 + min(height, m - r0);
    const bool last_stripe = s == stripes - 1;
    const int first = (int)max(1L, (long)r0 + 1 + band_lo), last = (int)min((long)n, (long)r1 + band_hi);
    const int next_first = last_stripe ? n + 1 : (int)max(1L, (long)r1 + 1 + band_lo);
    const int above_last = s == 0 ? n : (int)min((long)n, (long)r0 + band_hi);
    const int count = last - first + 1;
    for (int c = 0; c < SIGMA * 4; ++c) peq[c] = 0;
    for (int i = r0; i < r1; ++i) peq[codes[a[i]] * 4 + (i - r0) / 64] |= 1UL << ((i - r0) % 64);

    int corner = r0;  // D'[r0][first - 1]
    if (s > 0 && first > 1) {
      wait_progress(&progress[s - 1], first - 1);
      corner = top_left[s];
    }
    int bottom = corner + (r1 - r0);
    if (next_first == first && !last_stripe) top_left[s + 1] = bottom;
    const int out_lane = (r1 - r0 - 1) / 64, out_bit = (r1 - r0 - 1) % 64;
    const long slot = (long)(s % slots) * n, above = (long)((s + slots - 1) % slots) * n;

    ulong4 pv = (ulong4)(~0UL), mv = (ulong4)(0), cp = (ulong4)(0), cm = (ulong4)(0);
    int available = s == 0 ? n : 0;
    for (int t = 0; t < count + 3; ++t) {
      // Block 0's column first + t takes its top delta from the stripe above.
      const int j0 = first + t;
      uchar top = 1;  // row 0, and past the stripe above: +1
      if (s > 0 && j0 <= min(last, above_last)) {
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
        if (j == next_first - 1 && !last_stripe) top_left[s + 1] = bottom;
        if (!last_stripe) {
          // The slot's previous stripe's reader must be past this chunk.
          if (s >= slots && (j == first || (j - 1) % CHUNK == 0))
            wait_progress(&progress[s - slots + 1], min(last, (j - 1) / CHUNK * CHUNK + CHUNK));
          bus[slot + j - 1] = (uchar)(p | q << 1);
          if (j % CHUNK == 0 || j == last) {
            GLOBAL_FENCE();
            atomic_xchg(&progress[s], j);
          }
        }
      }
    }
    if (last_stripe) *result = bottom;
    GLOBAL_FENCE();
    atomic_xchg(&progress[s], INT_MAX);  // done: every wait on this stripe is met
  }
}

// B's bytes as symbol codes (bitpar.hpp), so that a column's match mask is one lookup.
__kernel void bitpar_codes(__global const uchar* restrict b, const int n, __global const uchar* restrict codes,
                           __global uchar* b_codes) {
  const int j = (int)get_global_id(0);
  if (j < n) b_codes[j] = codes[b[j]];
}
