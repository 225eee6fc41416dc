// bitpar (lib/src/engines/bitpar/bitpar.hpp has the geometry): Myers' bit-vector
// algorithm with Hyyrö's blocks over stripes of rows, as edlib computes global edit
// distance. A workgroup of LANES work-items computes one stripe of LANES * WORD_BITS rows,
// one block of WORD_BITS rows per work-item, in a skewed pipeline: at step t, lane l
// computes column t - l, taking the horizontal delta at its top from lane l-1's step
// before (a shuffle on NVIDIA, local memory elsewhere). Lane 0 takes it from the stripe
// above through the "bus" in global memory, two bits per column; the stripe's bottom row
// goes out the same way. Workgroups stay resident and claim stripes in order from a
// counter, so a stripe only ever waits (on the published progress of the stripe above)
// for one that a running workgroup holds: deadlock-free whatever the device keeps
// resident, one launch per pair.
// A launch runs the sweeps of pieces, two for each towards its middle column (cl/bitpar.h),
// and bitpar_meet after it finds where they meet.
//
// bitpar_vector.cl is the geometry for CPU devices: one work-item per stripe.
//
// Tunables (build options, with standalone defaults; SIGMA, CHUNK, SHUFFLE in
// bitpar_common.cl):
//   LANES    work-items per workgroup = blocks per stripe (32 with SHUFFLE, one warp:
//            shuffles and votes, no barrier in the column loop)
//   WORD_BITS  rows of a block, 32 or 64 (a 64-bit word: a lane's step pays the shuffle,
//            the bus's bit and its other fixed costs once for twice the cells)
//   UNROLL   1: a steady group's 32 steps unrolled whole; 0: runs of 8 in a loop, which
//            NVIDIA builds in half the time (auto's choice while the other is not built)
//   TILES    1: the launch is a tile of a sweep (cl/bitpar.h: its top row, corners and left
//            edge from the host); 0: whole sweeps, whose kernel holds none of it (NVIDIA gave
//            the kernel with both more registers: the motivating pair 0.30 -> 0.43 s)
//   OWN_SLOTS  1: every stripe of the launch has a bus slot of its own: a stripe waits on
//            the words of the stripe above themselves, and its progress is only the host's
//            to read; 0: on the progress of the stripe above, as rings of slots used again
//            must (the host chooses by the parameter `own`: bitpar_sweeps.cpp)

#include "bitpar.h"
#include "bitpar_common.cl"
#include "workgroup_flags.cl"

#ifndef LANES
#define LANES 32
#endif

#if SHUFFLE && LANES != 32
#error "SHUFFLE needs LANES == 32 (one warp per workgroup)"
#endif
#ifndef WORD_BITS
#define WORD_BITS 32
#endif
#ifndef UNROLL
#define UNROLL 1
#endif
#ifndef OWN_SLOTS
#define OWN_SLOTS 0
#endif
#ifndef TILES
#define TILES 0
#endif
#if WORD_BITS == 64
typedef ulong word_t;
#elif WORD_BITS == 32
typedef uint word_t;
#else
#error "WORD_BITS is 32 or 64"
#endif
// A block's bottom row as a code (bit 0 for +1, bit 1 for -1), and row `bit`'s.
#define BOTTOM_CODE(ph, mh) ((uint)((ph) >> (WORD_BITS - 1)) | (uint)((mh) >> (WORD_BITS - 1)) << 1)
#define ROW_CODE(ph, mh, bit) ((uint)(((ph) >> (bit)) & 1) | (uint)(((mh) >> (bit)) & 1) << 1)

// Lanes of a workgroup exchange through local memory: on NVIDIA a warp synchronises with
// bar.warp.sync and votes with ballot (warp_lanes.cl); elsewhere through barriers, and lane 0
// gathers the votes.
#if SHUFFLE
#include "warp_lanes.cl"
#define LANES_SYNC() WARP_SYNC()
#else
#define LANES_SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#endif

// The P and M words of pair w of a slot (the slot: the offset of its first pair; cl/bitpar.h).
// With slots of their own, the pair goes on the bus as one 64-bit word, P in its low half,
// stored at once, so that a word as the host filled it before the launch (cl/bitpar.h's
// BITPAR_UNSTORED_BYTE: a column both +1 and -1) tells its reader whether the stripe above
// has stored it yet: no fence and no progress published between them. A stripe's top-left corner comes
// the same way, with a flag of its own (workgroup_flags.cl's publish_value); in rings, after
// the progress of the stripe above.
#define BUS_P(slot, w) bus[((slot) + (w)) * 2]
#define BUS_M(slot, w) bus[((slot) + (w)) * 2 + 1]
#if OWN_SLOTS
#define BUS_WORD(slot, w) ((volatile __global ulong*)bus)[(slot) + (w)]
#define BUS_UNSET(word) (((uint)(word) & (uint)((word) >> 32)) != 0u)  // P and M at once
typedef ulong corner_t;
#define SET_CORNER(at, value) publish_value(at, value)
#else
typedef int corner_t;
#define SET_CORNER(at, value) (*(at) = (value))
#endif

// One stripe's sweep: rows r0 + 1 .. r0 + WORD_BITS * LANES, columns first .. last. A
// delta travels as a code: bit 0 for +1, bit 1 for -1.
typedef struct {
  int s, first, last, count, above_last, next_first, out_lane, out_bit;
  long slot, above;  // bus word offsets of its slot and the stripe above's
  bool last_stripe;
  word_t pv, mv;   // this lane's block's vertical deltas
  uint hout;       // the code below this lane's block at its last column
  uint out_p, out_m;  // with shuffles: the +1 and -1 bits below its block, newest in bit 0
  int bottom;      // the bottom row's value at the last column flushed
  int available;   // columns of the stripe above known to be published (rings)
#if SHUFFLE
  uint ahead_p, ahead_m;  // the next steady group's bus word, fetched a group ahead
  int ahead_base;         // its first column - 1; -1: none
#if OWN_SLOTS
  ulong loaded;           // that word as loaded at the group's start, looked at after its steps
  int loaded_base;        // its first column - 1; -1: none
  uchar codes_lo, codes_hi;  // this lane's two of the next steady group's b codes (steady_group)
  int codes_base;            // that group's first column - 1; -1: none
#endif
#endif
} Sweep;

// The kernel's buffers and local tables, as a sweep step needs them.
typedef struct {
  __global const uchar* b_codes;
  volatile __global uint* bus;
  int slots;
  volatile __global int* progress;
  volatile __global corner_t* top_left;
  __local word_t* peq;
  __local uint* incoming;  // codes of 32 columns of the top row (lane 0's)
  __local uint* outgoing;  // codes of the bottom row, 64 columns (column c at (c - 1) % 64)
  __local uint* exchange;  // [2][LANES] (bitpar_common.cl's from_lane_above)
  __local uchar* staged;   // a steady group's b codes, columns base - 31 .. base + 32 from base - 32
#if !SHUFFLE
  __local uint* votes;     // [2]
#endif
} Tables;

// The top row's 32 codes from column base + 1 (a 32-column bus word of the stripe above;
// +1 on row 0 and past the stripe above), as two bit words. Without `may_wait`, false where
// the stripe above has not been seen to store them yet (nothing loaded). A slot of its own
// is waited on word by word, each as soon as it is stored; a slot used again holds an
// earlier stripe's words, so there the stripe above's progress, published every CHUNK
// columns, says which are its own.
inline bool incoming_word(Sweep* w, const Tables* tb, const int base, uint* word_p, uint* word_m, const bool may_wait) {
  *word_p = 0xffffffffu;
  *word_m = 0;
  if ((!TILES && w->s == 0) || base + 1 > w->above_last) return true;
  volatile __global uint* bus = tb->bus;
#if OWN_SLOTS
#if SHUFFLE
  ulong word = w->loaded_base == base ? w->loaded : BUS_WORD(w->above, base >> 5);
#else
  ulong word = BUS_WORD(w->above, base >> 5);
#endif
  if (BUS_UNSET(word) && !may_wait) return false;
  while (BUS_UNSET(word)) word = BUS_WORD(w->above, base >> 5);
  *word_p = (uint)word;
  *word_m = (uint)(word >> 32);
#else
  if (min(base + 32, w->above_last) > w->available) {
    if (!may_wait) return false;
    // All that the stripe above has published, not only this chunk: fewer polls behind it.
    w->available = min(w->above_last, wait_progress(&tb->progress[w->s - 1], min(w->above_last, base / CHUNK * CHUNK + CHUNK)));
  }
  *word_p = BUS_P(w->above, base >> 5);
  *word_m = BUS_M(w->above, base >> 5);
#endif
  if (w->above_last < base + 32) {
    const uint past = 0xffffffffu << (w->above_last - base);
    *word_p |= past;
    *word_m &= ~past;
  }
  return true;
}

// A stripe's progress: in rings, what the stripe a slot waits for is waited on, published
// after its stores; with slots of their own, only the host's progress meter reads it.
inline void stripe_progress(volatile __global int* progress, const int value) {
#if OWN_SLOTS
  *progress = value;
#else
  publish_progress(progress, value);
#endif
}

// The bottom row's word of columns base + 1 .. jc (as bits of the bus word; the same in
// every lane) onto the bus, the stripe's progress every CHUNK columns, and its value (the
// next stripe's top-left corner; D'[m][n] at the end).
inline void publish_word(Sweep* w, const Tables* tb, const int lane, const int jc, const uint word_p, const uint word_m) {
  const int base = (jc - 1) & ~31;
  const int before = w->bottom;
  w->bottom += (int)popcount(word_p) - (int)popcount(word_m);
  if (lane == 0) {
    if (!w->last_stripe && w->next_first - 1 > base && w->next_first - 1 <= jc) {
      const uint upto = w->next_first - 1 - base == 32 ? 0xffffffffu : ~(0xffffffffu << (w->next_first - 1 - base));
      SET_CORNER(&tb->top_left[w->s + 1], before + (int)popcount(word_p & upto) - (int)popcount(word_m & upto));
    }
    volatile __global uint* bus = tb->bus;
#if OWN_SLOTS
    BUS_WORD(w->slot, base >> 5) = (ulong)word_p | (ulong)word_m << 32;
#else
    // The slot's previous stripe's reader must be past this word.
    if (w->s >= tb->slots) wait_progress(&tb->progress[w->s - tb->slots + 1], jc);  // met at the latest when it is done
    BUS_P(w->slot, base >> 5) = word_p;
    BUS_M(w->slot, base >> 5) = word_m;
#endif
    if (jc % CHUNK == 0 || jc == w->last) stripe_progress(&tb->progress[w->s], jc);
  }
}

// The bottom row's codes of columns base + 1 .. jc (in their half of `outgoing`) onto the
// bus (publish_word).
inline void flush_word(Sweep* w, const Tables* tb, const int lane, const int jc) {
  LANES_SYNC();
  const int base = (jc - 1) & ~31;
#if SHUFFLE
  const int column = base + lane + 1;
  const uint code = column >= w->first && column <= jc ? tb->outgoing[(base & 32) + lane] : 0u;
  const uint word_p = ballot(code & 1u), word_m = ballot(code & 2u);
#else
  if (lane == 0) {
    uint p = 0, q = 0;
    for (int i = 0; i < 32; ++i) {
      const int column = base + i + 1;
      const uint code = column >= w->first && column <= jc ? tb->outgoing[(base & 32) + i] : 0u;
      p |= (code & 1u) << i;
      q |= (code >> 1) << i;
    }
    tb->votes[0] = p;
    tb->votes[1] = q;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint word_p = tb->votes[0], word_m = tb->votes[1];
#endif
  publish_word(w, tb, lane, jc, word_p, word_m);
  LANES_SYNC();  // outgoing is free again
}

#if SHUFFLE
// A lane's +1 and -1 bits below its block at its column, gathered for a full stripe's
// steady groups: its last lane's 32 make a bus word without a store a step (a code's slot
// store in every lane cost four instructions a step: SASS of a 32-row step 26 -> 21).
#define TOP_WORD(x) ((uint)((x) >> (WORD_BITS - 32)))
inline void gather_out(Sweep* w, const word_t ph, const word_t mh) {
  w->out_p = w->out_p << 1 | TOP_WORD(ph) >> 31;
  w->out_m = w->out_m << 1 | TOP_WORD(mh) >> 31;
}
#endif

// Step t of the sweep, with every check: lane l computes column first + t - l. Every 32
// columns of lane 0 the next 32 top codes come in; every 32 columns of the bottom row its
// word goes out. For the pipeline's fill and drain, and all of a sweep without shuffles.
inline void sweep_step(Sweep* w, const Tables* tb, const int lane, const int t) {
  const int j0 = w->first + t;
  if (j0 <= w->last && (t == 0 || ((j0 - 1) & 31) == 0)) {
    uint word_p, word_m;
    incoming_word(w, tb, (j0 - 1) & ~31, &word_p, &word_m, true);
    LANES_SYNC();  // the last word's readers are done
    for (int i = lane; i < 32; i += LANES) tb->incoming[i] = ((word_p >> i) & 1u) | ((word_m >> i) & 1u) << 1;
    LANES_SYNC();
  }
  const uint from_bus = tb->incoming[(j0 - 1) & 31];
  const uint from_above = from_lane_above(w->hout, lane, LANES, t, tb->exchange);
  const uint hin = lane == 0 ? from_bus : from_above;

  const int c = t - lane;
  const int j = w->first + c;
  if (c >= 0 && c < w->count) {
    word_t ph, mh;
    BLOCK_STEP(word_t, w->pv, w->mv, tb->peq[tb->b_codes[j - 1] * LANES + lane], hin & 1u, hin >> 1, ph, mh);
    w->hout = BOTTOM_CODE(ph, mh);
    if (lane == w->out_lane) tb->outgoing[(j - 1) & 63] = w->last_stripe ? ROW_CODE(ph, mh, w->out_bit) : w->hout;
#if SHUFFLE
    gather_out(w, ph, mh);
#endif
  }
  const int jc = w->first + t - w->out_lane;
  if (jc >= w->first && jc <= w->last && ((jc & 31) == 0 || jc == w->last)) flush_word(w, tb, lane, jc);
}

#if SHUFFLE
// Steps t0 .. t0 + 31 of a stripe's sweep where every lane is busy and the bus words align
// (t0 a multiple of 32, first - 1 too): the 32 match masks and top codes are fetched first,
// together, so that a step waits only on the shuffle and its own arithmetic. The bottom row
// is the last lane's last bit, or in a `partial` stripe (the last of a sweep, of fewer rows)
// bit out_bit of lane out_lane: a constant at each call, so that a full stripe's steps pay
// nothing for it. The match masks are fetched in runs of EQ_RUN steps: 64-bit masks for a
// whole group would hold twice the registers.
// The out lane's columns of a group span two bus words. A full stripe's last lane gathers
// its bits in registers (gather_out): after step 30 they are the word ending at column
// first - 1 + t0; its code at step 31, the next word's first, is also stored for the
// drain's flush (sweep_step). A partial stripe's out lane stores its codes in `outgoing`.
// Either way the word goes out after the group's last step, not at the step that
// completes it: one flush in the unrolled code instead of one at each step a partial
// stripe's out lane may complete it at (NVIDIA's build time grows with every copy).
// Without UNROLL the runs are of 8 masks, in a loop: half the build time on NVIDIA.
#if UNROLL
#define EQ_RUN (WORD_BITS == 64 ? 16 : 32)
#else
#define EQ_RUN 8
#endif
inline void steady_group(Sweep* w, const Tables* tb, const int lane, const int t0, const bool partial) {
  // Its bus word as the group before fetched it where it could, else now; then the next
  // group's, where the stripe above has published it: its load's wait hides behind this
  // group's steps rather than stalling the next one's first.
  const int base = w->first - 1 + t0;
  uint word_p = w->ahead_p, word_m = w->ahead_m;
  if (w->ahead_base != base) incoming_word(w, tb, base, &word_p, &word_m, true);
#if OWN_SLOTS
  // The next group's word is loaded now and looked at after this group's steps, by when it
  // has come: a look now would wait for it.
  if (base + 33 <= w->above_last) {
    volatile __global uint* bus = tb->bus;
    w->loaded = BUS_WORD(w->above, (base + 32) >> 5);
    w->loaded_base = base + 32;
  }
  // The group's b codes through local memory, two a lane, loaded a group ahead where the
  // group before could: read from global memory at a step's run of masks, they held a
  // chain's run for a load's latency (HHV-6B x EBV 7.1 -> 6.8 ms on the H200). Past the
  // sweep's last column they are never used. Not in rings: there the device's throughput
  // bounds a sweep, and the motivating pair took 0.32-0.43 s against 0.25.
  const int limit = w->last - 1;
  uchar lo = w->codes_lo, hi = w->codes_hi;
  if (w->codes_base != base) {
    lo = tb->b_codes[min(base - 32 + 2 * lane, limit)];
    hi = tb->b_codes[min(base - 31 + 2 * lane, limit)];
  }
  LANES_SYNC();  // the group before has read its codes
  tb->staged[2 * lane] = lo;
  tb->staged[2 * lane + 1] = hi;
  w->codes_lo = tb->b_codes[min(base + 2 * lane, limit)];
  w->codes_hi = tb->b_codes[min(base + 1 + 2 * lane, limit)];
  w->codes_base = base + 32;
  LANES_SYNC();
  __local const uchar* codes = tb->staged + (32 - lane);  // column base + 1 + k - lane at k
#else
  w->ahead_base = incoming_word(w, tb, base + 32, &w->ahead_p, &w->ahead_m, false) ? base + 32 : -1;
  __global const uchar* codes = tb->b_codes + (base - lane);
#endif
  // Lane 0 takes the bus's bits, the others their neighbour's, and only the out lane's code
  // is kept: by masks and a dummy slot, not branches, which would diverge every step.
  const uint lane0 = lane == 0 ? 0xffffffffu : 0u;
#if OWN_SLOTS
  // A chain's step waits on the lane above's step before (its -1 at the top): each lane's +1
  // and -1 bits below its block go apart, in bit 0, and the -1 meets the step's first
  // operation, lane 0's from the bus already in its mask. Shuffled as a code, it waited on
  // packing, unpacking and lane 0's choice (on the H200, session 64's calls 3 and 4: HHV-6B x
  // EBV 6.7-6.9 -> 5.8-6.2 ms, the mosaic 3 Mbp pair at 90% 0.168-0.173 -> 0.152-0.158 s). Not
  // in rings, whose steps are the device's throughput: two shuffles and the extra operations
  // a step took the motivating pair 0.25 -> 0.40 s.
  uint own_p = w->hout & 1u, own_m = w->hout >> 1;
  const word_t below_lane0 = (word_t)(~lane0 & 1u);
#endif
  const int out = partial ? w->out_lane : LANES - 1, bit = partial ? w->out_bit : WORD_BITS - 1;
  // Steps k < out give the out lane's columns of the word before the group's (the other half).
  __local uint* const current = tb->outgoing + ((w->first - 1 + t0) & 32);
  __local uint* const before = tb->outgoing + ((w->first - 1 + t0 + 32) & 32);
  __local uint* const dummy = tb->outgoing + BITPAR_DUMMIES_AT + lane;
  uint done_p = 0, done_m = 0;  // a full stripe's word, as gathered after step 30
#if UNROLL
#pragma unroll
#else
#pragma unroll 1
#endif
  for (int run = 0; run < 32; run += EQ_RUN) {
    word_t eq[EQ_RUN];
#pragma unroll
    for (int k = 0; k < EQ_RUN; ++k) eq[k] = tb->peq[codes[run + k] * LANES + lane];
#pragma unroll
    for (int i = 0; i < EQ_RUN; ++i) {
      const int k = run + i;
      word_t ph, mh;
#if OWN_SLOTS
      const uint bus_p = (word_p >> k) & 1u & lane0, bus_m = (word_m >> k) & 1u & lane0;
      const word_t eq_bus = eq[i] | bus_m, xv = eq[i] | w->mv;
      const word_t eq_pv = eq_bus & w->pv, pv_below = w->pv & below_lane0;
      const uint above_p = from_lane_above(own_p, lane, LANES, t0 + k, tb->exchange);
      const uint above_m = from_lane_above(own_m, lane, LANES, t0 + k, tb->exchange);
      // BLOCK_STEP's xh, its eq & pv made of what was known before the shuffle and its bit
      const word_t sum = (eq_pv | ((word_t)above_m & pv_below)) + w->pv;
      const word_t xh = (sum ^ w->pv) | eq_bus | (word_t)(above_m & ~lane0);
      ph = w->mv | ~(xh | w->pv);
      mh = w->pv & xh;
      own_p = TOP_WORD(ph) >> 31;
      own_m = TOP_WORD(mh) >> 31;
      BLOCK_FINISH(word_t, w->pv, w->mv, xv, ph, mh, bus_p | (above_p & ~lane0), bus_m | (above_m & ~lane0));
      if (k == 31) w->hout = own_p | own_m << 1;
#else
      const uint from_above = from_lane_above(w->hout, lane, LANES, t0 + k, tb->exchange);
      const uint from_bus = ((word_p >> k) & 1u) | ((word_m >> k) & 1u) << 1;
      const uint hin = (from_bus & lane0) | (from_above & ~lane0);
      BLOCK_STEP(word_t, w->pv, w->mv, eq[i], hin & 1u, hin >> 1, ph, mh);
      w->hout = BOTTOM_CODE(ph, mh);
#endif
      // The out lane's column is first + t0 + k - out: its word's bit (k - out) % 32.
      __local uint* const slot = lane == out ? (k < out ? before : current) + ((k - out) & 31) : dummy;
      if (partial) {
        *slot = ROW_CODE(ph, mh, bit);
      } else {
        gather_out(w, ph, mh);
        if (k == 30) {
          done_p = w->out_p;
          done_m = w->out_m;
        }
        if (k == 31) *slot = w->hout;
      }
    }
  }
  // The word the out lane completed at step (out - 1) % 32, ending at column jc.
  const int jc = w->first + t0 + ((out + 31) & 31) - out;
  if (partial) {
    flush_word(w, tb, lane, jc);
  } else {  // oldest in bit 31: the bus word's bit order reversed
    publish_word(w, tb, lane, jc, reversed_bits(from_lane(done_p, LANES - 1)), reversed_bits(from_lane(done_m, LANES - 1)));
    // The lanes meet again after lane 0's stores and waits (for its slot's reader, where
    // the ring is short): run on diverged, the next group's shuffles took the slow path
    // (alignments' sweeps twice as long).
    LANES_SYNC();
  }
#if OWN_SLOTS
  w->ahead_base = incoming_word(w, tb, base + 32, &w->ahead_p, &w->ahead_m, false) ? base + 32 : -1;
#endif
}
#endif

__kernel __attribute__((reqd_work_group_size(LANES, 1, 1)))
void bitpar(__global const uchar* restrict codes, __global const BitparSweep* restrict sweeps,
            __global const int* restrict claims, const int claim_count, volatile __global uint* bus,
            volatile __global int* all_progress, volatile __global corner_t* all_top_left, __global int* next_stripe,
            __global int* result, __global int* stripe_values) {
  __local word_t peq[SIGMA * LANES];
  __local int claimed;
  __local uint incoming[BITPAR_INCOMING], outgoing[BITPAR_OUTGOING];  // cl/bitpar.h: the layout
  __local uint exchange[SHUFFLE ? 1 : BITPAR_EXCHANGE(LANES)];
  __local uchar staged[SHUFFLE && OWN_SLOTS ? BITPAR_STAGED : 1];
#if !SHUFFLE
  __local uint votes[BITPAR_VOTES];
#endif
  Tables tables;
  tables.bus = bus;
  tables.peq = peq;
  tables.incoming = incoming;
  tables.outgoing = outgoing;
  tables.exchange = exchange;
  tables.staged = staged;
#if !SHUFFLE
  tables.votes = votes;
#endif
  const int lane = (int)get_local_id(0);
  const int height = WORD_BITS * LANES;

  for (;;) {
    if (lane == 0) claimed = atomic_inc(next_stripe);
    barrier(CLK_LOCAL_MEM_FENCE);
    const int claim = claimed;
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read it before lane 0 claims again
    if (claim >= claim_count) return;
    const int which = claims[2 * claim], s = claims[2 * claim + 1];
    const BitparSweep sweep = sweeps[which];
    const int m = sweep.m, n = sweep.n, band_lo = sweep.band_lo, band_hi = sweep.band_hi, stripes = sweep.stripes,
              slots = sweep.slots;
    __global const uchar* restrict a = codes + sweep.rows_at;
    volatile __global int* progress = all_progress + sweep.progress_at;
    volatile __global corner_t* top_left = all_top_left + sweep.corners_at;
    tables.b_codes = codes + sweep.columns_at;
    tables.slots = slots;
    tables.progress = progress;
    tables.top_left = top_left;
    const long words = BITPAR_SLOT_WORDS(n);

    // Rows r0 + 1 .. r1 and the columns where they meet the band (bitpar.hpp); in long,
    // since m + n may pass INT_MAX.
    const int r0 = s * height, r1 = r0 + min(height, m - r0);
    const bool last_stripe = s == stripes - 1;
    const int first = (int)max(1L, (long)r0 + 1 + band_lo), last = (int)min((long)n, (long)r1 + band_hi);
    const int next_first = last_stripe ? n + 1 : (int)max(1L, (long)r1 + 1 + band_lo);
    const int above_last = s == 0 ? (TILES ? sweep.top_last : n) : (int)min((long)n, (long)r0 + band_hi);
    // A tile's stripe at its column 0 (cl/bitpar.h): the corner from the host, the deltas from
    // the edge of the tile to the left where the stripe reached it (its band began there).
    const bool from_left = TILES && bitpar_corner_from_host(s, first);
    const bool left_edge = TILES && bitpar_deltas_from_left(sweep.left_at, r0, band_lo);

    // This lane's rows r0 + WORD_BITS lane .., as match masks per symbol code.
    for (int c = 0; c < SIGMA; ++c) peq[c * LANES + lane] = 0;
    const int row0 = r0 + WORD_BITS * lane;
    for (int k = 0; k < WORD_BITS && row0 + k < r1; ++k) peq[a[row0 + k] * LANES + lane] |= (word_t)1 << k;
    barrier(CLK_LOCAL_MEM_FENCE);

    // The row handed on: the stripe's bottom row, row m in the last stripe.
    const int out_lane = (r1 - r0 - 1) / WORD_BITS, out_bit = (r1 - r0 - 1) % WORD_BITS;
    // The top-left corner: D'[r0][first - 1] (exact D[r0][0] = r0 at column 1).
#if OWN_SLOTS
    const int corner = from_left ? stripe_values[sweep.lefts_at + s] : s > 0 && first > 1 ? wait_value(&top_left[s]) : r0;
#else
    int corner = r0;
    if (from_left) {
      corner = stripe_values[sweep.lefts_at + s];
    } else if (s > 0 && first > 1) {
      wait_progress(&progress[s - 1], first - 1);
      corner = top_left[s];
    }
#endif
    // The lane's vertical deltas at column first - 1, and the stripe's rise down it: the
    // left boundary climbs by one per row, or the edge of the tile to the left.
    word_t pv = ~(word_t)0, mv = 0;
    int rise = r1 - r0;
    if (left_edge) {
      pv = mv = 0;
      for (int h = 0; h < WORD_BITS / 32; ++h)
        if (row0 + 32 * h < r1) {
          pv |= (word_t)BUS_P(sweep.left_at, row0 / 32 + h) << (32 * h);
          mv |= (word_t)BUS_M(sweep.left_at, row0 / 32 + h) << (32 * h);
        }
      rise = 0;
      for (int k = r0 / 32; k * 32 < r1; ++k) {
        const uint rows = r1 - k * 32 >= 32 ? 0xffffffffu : ~(0xffffffffu << (r1 - k * 32));
        rise += (int)popcount(BUS_P(sweep.left_at, k) & rows) - (int)popcount(BUS_M(sweep.left_at, k) & rows);
      }
    }
    int bottom = corner + rise;
    if (lane == 0 && next_first == first && !last_stripe) SET_CORNER(&top_left[s + 1], bottom);

    Sweep w;
    w.s = s;
    w.first = first;
    w.last = last;
    w.count = last - first + 1;
    w.above_last = above_last;
    w.next_first = next_first;
    w.out_lane = out_lane;
    w.out_bit = out_bit;
    w.slot = sweep.bus_at + s % slots * words;
    w.above = TILES && s == 0 ? sweep.top_at : sweep.bus_at + (s + slots - 1) % slots * words;
    w.last_stripe = last_stripe;
    w.pv = pv;
    w.mv = mv;
    w.hout = 0;
    w.out_p = 0;
    w.out_m = 0;
    w.bottom = bottom;
    w.available = s == 0 ? n : 0;
#if SHUFFLE
    w.ahead_p = w.ahead_m = 0;
    w.ahead_base = -1;
#if OWN_SLOTS
    w.loaded_base = w.codes_base = -1;
    w.loaded = 0;
    w.codes_lo = w.codes_hi = 0;
#endif
#endif
    // With shuffles, after the pipeline's fill, steady 32-step groups where every lane is
    // busy and the bus words align (first is always 1 + a multiple of 32: the band's low
    // edge is); every other step with its checks, from one call site (each inlined copy
    // costs build time and instruction cache).
    const int steps = w.count + LANES - 1;
    for (int t = 0; t < steps; ++t) {
#if SHUFFLE
      if (t == 32 && ((first - 1) & 31) == 0) {
        if (r1 - r0 < height)  // its out lane runs ahead of the last: stop before it reaches `last`
          for (; t + max(32, 33 - out_lane) <= w.count; t += 32) steady_group(&w, &tables, lane, t, true);
        else
          for (; t + 32 <= w.count; t += 32) steady_group(&w, &tables, lane, t, false);
      }
#endif
      sweep_step(&w, &tables, lane, t);
    }
    bottom = w.bottom;
    // The lane's rows' vertical deltas at the last column: the sweep's edge, for the meeting.
    if (sweep.edge_at >= 0)
      for (int h = 0; h < WORD_BITS / 32; ++h)
        if (row0 + 32 * h < r1) {
          BUS_P(sweep.edge_at, row0 / 32 + h) = (uint)(w.pv >> (32 * h));
          BUS_M(sweep.edge_at, row0 / 32 + h) = (uint)(w.mv >> (32 * h));
        }
    if (lane == 0) {
      if (last_stripe) result[which] = bottom;
      if (TILES) stripe_values[sweeps[which].ends_at + s] = bottom;  // read again: nothing held through the sweep
      stripe_progress(&progress[s], INT_MAX);  // done: every wait on this stripe is met
    }
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  }
}

// Row i's delta (from 1) of the edge in the bus slot at `slot` (BUS_P, BUS_M); slot < 0: column 0.
inline int edge_delta(__global const uint* bus, long slot, long i) {
  if (slot < 0) return 1;
  const long w = (i - 1) / 32;
  const int bit = (int)((i - 1) % 32);
  return (int)((BUS_P(slot, w) >> bit) & 1u) - (int)((BUS_M(slot, w) >> bit) & 1u);
}

// cl/bitpar.h's BitparMeeting, a workgroup a piece (of up to BITPAR_MEET_MOST work-items):
// each work-item walks a run of the rows lo + 1 .. hi, where the sum changes at row i by the
// forward edge's delta i less the backward one's delta m - i + 1; the runs' least sums are
// then joined in row order, the first least staying, as the host's meeting finds it from
// edges read back (bitpar_sweeps.cpp's meet_pieces, which pieces swept over several devices
// still take). Each edge's value at lo is its last value less its deltas after lo.
__kernel void bitpar_meet(__global const uint* bus, __global const int* result,
                          __global const BitparMeeting* meetings, __global BitparMet* met) {
  __local long run_change[BITPAR_MEET_MOST], run_rise[BITPAR_MEET_MOST], run_least[BITPAR_MEET_MOST];
  __local long run_at[BITPAR_MEET_MOST], run_rise_at[BITPAR_MEET_MOST];
  __local long forward_tails[BITPAR_MEET_MOST], backward_tails[BITPAR_MEET_MOST];
  const int t = (int)get_local_id(0), size = (int)get_local_size(0);
  const BitparMeeting p = meetings[get_group_id(0)];
  const long m = p.m;
  const long lo = bitpar_meeting_lo(p.forward_first, p.backward_last, m);
  const long hi = bitpar_meeting_hi(p.forward_last, p.backward_first, m);
  if (lo > hi) {  // the same for the whole workgroup
    if (t == 0) {
      met[get_group_id(0)].sum = LONG_MAX;
      met[get_group_id(0)].i = met[get_group_id(0)].forward = 0;
    }
    return;
  }
  // The forward edge's deltas after hi and the backward one's after m - lo.
  long forward_tail = 0, backward_tail = 0;
  for (long i = hi + 1 + t; i <= p.forward_last; i += size) forward_tail += edge_delta(bus, p.forward_at, i);
  for (long i = m - lo + 1 + t; i <= p.backward_last; i += size) backward_tail += edge_delta(bus, p.backward_at, i);
  // This work-item's run: the sum's change over it, the forward edge's rise, and the least
  // change from the run's start, its first row and the forward rise there.
  const long per = (hi - lo + size - 1) / size, from = lo + 1 + t * per, to = min(hi, from + per - 1);
  long change = 0, rise = 0, least = LONG_MAX, at = 0, rise_at = 0;
  for (long i = from; i <= to; ++i) {
    const int delta = edge_delta(bus, p.forward_at, i);
    change += delta - edge_delta(bus, p.backward_at, m - i + 1);
    rise += delta;
    if (change < least) {
      least = change;
      at = i;
      rise_at = rise;
    }
  }
  run_change[t] = change;
  run_rise[t] = rise;
  run_least[t] = least;
  run_at[t] = at;
  run_rise_at[t] = rise_at;
  forward_tails[t] = forward_tail;
  backward_tails[t] = backward_tail;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (t != 0) return;
  long rises = 0;  // the forward edge's deltas after lo
  long backward_after = 0;  // the backward edge's after m - lo
  for (int k = 0; k < size; ++k) {
    rises += run_rise[k] + forward_tails[k];
    backward_after += backward_tails[k];
  }
  const long forward_lo = (long)result[p.forward_sweep] - rises;
  const long backward_lo = (p.backward_at < 0 ? m : (long)result[p.backward_sweep]) - backward_after;
  BitparMet best;
  best.sum = forward_lo + backward_lo;
  best.i = lo;
  best.forward = forward_lo;
  long sum = best.sum, forward_value = forward_lo;  // at each run's start
  for (int k = 0; k < size; ++k) {
    if (run_least[k] != LONG_MAX && sum + run_least[k] < best.sum) {
      best.sum = sum + run_least[k];
      best.i = run_at[k];
      best.forward = forward_value + run_rise_at[k];
    }
    sum += run_change[k];
    forward_value += run_rise[k];
  }
  met[get_group_id(0)] = best;
}
