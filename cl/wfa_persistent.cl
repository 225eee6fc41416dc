// persistent (lib/src/engines/wfa_persistent/wfa_persistent.cpp is the host side; the
// layout they share is in wfa_persistent.h): the whole distance in one launch, by two wavefronts at once, one
// forward from (0, 0) and one backward from (m, n), that stop where they meet (BiWFA,
// Marco-Sola et al. 2023). Half as many radii as one wavefront, and the meeting cell is a
// breakpoint of an optimal alignment.
//
// Positions. Work-item position p holds forward diagonal p and backward diagonal
// (n - m) - p, which is the same diagonal of the matrix walked from the other end, so a
// work-item finds a meeting on its own: at step r, forward radius r and backward radii
// r - 1 and r overlap on diagonal p when their rows add up to m (totals 2r - 1 and 2r).
// The first total found is the distance: an optimal path crosses, on some diagonal, from
// the cells of forward cost s into those of backward cost d - s, for every s.
// Backward rows count from the end: backward row i is forward row m - i, and its bytes
// are a[m - 1 - i] and b[n - 1 - i - kb].
//
// Workgroups, columns in global memory. Positions come in blocks of WG; block q belongs to
// workgroup q % GROUPS, so the live blocks of a step are spread over the device. Workgroup
// g at step r needs the previous step of blocks q - 1 and q + 1 only, that is of
// workgroups g - 1 and g + 1 (a ring): it waits on their flags, never on a kernel boundary
// or the whole grid. Columns are kept for two steps (r & 1), which the neighbours' waits
// make safe: a workgroup is never more than one step ahead of a neighbour that still reads
// its previous step. While the front is narrow (radii up to solo_last), workgroup 0 runs
// every block alone and the others wait for it: only its barriers, no flags.
//
// Workgroups, columns in local memory (LOCAL_COLUMNS, SPREAD). The piece's positions from
// p_low come in chunks of group_width; chunk c belongs to workgroup c % GROUPS, which keeps
// its four columns in local memory with `halo` (the piece's) of each neighbouring chunk's
// positions beside them: a block of WG positions a chunk, up to CHUNKS of them. Dealt out
// like the global columns' blocks, a front wider than the workgroups keeps them all at
// work, each on its share of the live chunks (contiguous shares left the centre's few
// workgroups with all of a wide front: session 43). Every halo steps the neighbouring
// chunks exchange their edges: the rows their last and first halo positions reached,
// published as words that carry their step (EDGE_SLOT); between exchanges a workgroup
// computes its chunks' halo positions too, one fewer on each side a step, so that every
// row it reads was computed since the exchange, and waits on nobody: the round trip to a
// neighbour, most of a step's time when taken every step, comes once in halo steps, for
// twice halo positions more a chunk and step. No flag, fence or column in global memory.
// Every position of a neighbouring chunk is waited on, live or not, so that neighbours
// (workgroups g - 1 and g + 1, around the ring) keep within one exchange of each other: a
// neighbour never publishes a slot again before its reader took it.
//
// Extension. A work-item follows a matching run alone for SOLO_BYTES; a longer run is
// passed to a team of TEAM work-items that compares 8 * TEAM bytes per step and takes
// the first mismatch together, so a 1,000-byte run costs a few steps, not 125. With
// TEAM 1 a work-item follows every run alone and the teams' phase is left out. With
// SHUFFLE (NVIDIA's warps, warp_lanes.cl) the warp of a work-item whose run goes on
// follows it together at once, WARP_BYTES a lane a round, the first mismatch found by a
// vote: no list, no barrier, and the meetings checked at once from registers, so that a
// step has one phase and two barriers where the teams take seven (session 45: 6-9% on wide
// fronts, none on E. coli, whose steps the loads bound).
//
// Columns in local memory. A piece of one workgroup (GROUPS 1) may keep its four
// columns in local memory (LOCAL_COLUMNS positions each), so that a step reads its
// neighbours' rows in a few cycles instead of an L2 round trip, and its stop check and
// progress need no global traffic either: a step costs its string loads and barriers.
// The host caps such a piece's bound so that its positions fit (a first pass) and runs
// the pieces that end above the cap again with their columns in global memory.
//
// Tunables (build options): WG work-items per workgroup, GROUPS workgroups (resident
// together when more than one), TEAM lanes per extension team, LOCAL_COLUMNS (0: the
// columns in global memory), HALO (the most steps between exchanges, the edge slots'
// stride), SHUFFLE (1: warps extend runs, WG a multiple of 32), PREFETCH_AHEAD (with
// SHUFFLE, bytes past a run's end asked of L2; 0: none), GATHER (1: more workgroups than
// the device is known to hold at once, which gather before any waits), EXTEND_WORDS,
// PTX_FENCES and GATHER_SPINS as in wfa_common.cl and workgroup_flags.cl.

#include "wfa_common.cl"
#include "wfa_persistent.h"
#include "workgroup_flags.cl"

#if defined(cl_khr_int64_extended_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable  // atom_max of a meeting's cell
#endif

#ifndef WG
#define WG 256
#endif
#ifndef GROUPS
#define GROUPS 1
#endif
#ifndef TEAM
#define TEAM 128
#endif
#ifndef LOCAL_COLUMNS
#define LOCAL_COLUMNS 0
#endif
#ifndef HALO
#define HALO 1
#endif
#ifndef GATHER
#define GATHER 0
#endif
#ifndef SHUFFLE
#define SHUFFLE 0
#endif
#if SHUFFLE
#if WG % 32
#error "SHUFFLE needs whole warps (WG a multiple of 32)"
#endif
#include "warp_lanes.cl"
#define WARP_BYTES 32  // each lane's share of a round of its warp's extension
#ifndef PREFETCH_AHEAD
#define PREFETCH_AHEAD 0
#endif
#endif
// Several workgroups a piece, each its chunks of the columns in local memory, a block of
// WG positions each.
#define SPREAD (LOCAL_COLUMNS && GROUPS > 1)
#if SPREAD
#define CHUNKS (LOCAL_COLUMNS / WG)
#else
#define CHUNKS 1
#endif
// The most steps one workgroup runs ahead of another (MEETING_SLOTS); HALO is 1 but where
// SPREAD.
#define LEAD PERSISTENT_LEAD(GROUPS, HALO)
// A state's int i as its piece starts: no distance found, nothing counted or met.
#define STATE_START(i) ((i) == STATE_SOLUTION ? INT_MAX : 0)
// Where the columns live; the previous step's are read through COLUMN_READ, volatile in
// global memory since other workgroups write them.
#if LOCAL_COLUMNS
#define COLUMN __local
#define COLUMN_READ __local
#define STEP_FENCE CLK_LOCAL_MEM_FENCE
#else
#define COLUMN __global
#define COLUMN_READ volatile __global
#define STEP_FENCE (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#endif
#define TEAM_SIZE (TEAM < WG ? TEAM : WG)
#define TEAMS (WG / TEAM_SIZE)
#define SOLO_BYTES 8
#define PROGRESS_STEPS 64

#define FORWARD 0
#define BACKWARD 1

// The positions live at radius r, by direction: those of the diagonals inside the matrix
// and the bound's diamond (forward diagonal k must still reach the backward front, whose
// radius is at most bound - r; backward ones the same by symmetry), forward p = k in
// [forward_lo, forward_hi] and backward p = delta - kb in [backward_lo, backward_hi]; none
// where lo > hi. Worked out once a radius in 64 bits (delta - kb leaves int's range where
// the strings add up to 2^31 or more), so that a position's test is two compares of ints
// where each was 64-bit arithmetic on m, n, r and the bound (session 45: E. coli 50 -> 45 ms).
// Fields, not arrays by direction, which NVIDIA's compiler kept on the stack.
typedef struct {
  int forward_lo, forward_hi, backward_lo, backward_hi;
} Live;
inline Live live_at(int m, int n, int r, int bound) {
  const long delta = (long)n - m, slack = (long)bound - r;
  const long lo = max(-min((long)r, (long)m), delta - slack), hi = min(min((long)r, (long)n), delta + slack);
  Live live;
  // lo and hi lie in [-m, n] where the interval is nonempty, so both directions' bounds
  // fit an int.
  const bool none = r < 0 || lo > hi;
  live.forward_lo = none ? 1 : (int)lo;
  live.forward_hi = none ? 0 : (int)hi;
  live.backward_lo = none ? 1 : (int)max(delta - hi, (long)INT_MIN);
  live.backward_hi = none ? 0 : (int)min(delta - lo, (long)INT_MAX);
  return live;
}
inline bool position_live(int direction, Live live, int p) {
  return direction == FORWARD ? p >= live.forward_lo && p <= live.forward_hi
                              : p >= live.backward_lo && p <= live.backward_hi;
}

// Row `i` of a run on diagonal k, in either direction, as byte pairs.
inline uchar byte_a(int direction, __global const uchar* a, int m, int i) {
  return direction == FORWARD ? a[i] : a[m - 1 - i];
}
inline uchar byte_b(int direction, __global const uchar* b, int n, int k, int i) {
  return direction == FORWARD ? b[i + k] : b[n - 1 - i - k];
}

// The first differing byte of an XOR of 8 bytes (x != 0) in the direction's order: a
// forward word's first byte is its lowest, a backward word's its highest (little-endian).
inline int first_byte(int direction, ulong x) { return direction == FORWARD ? lowest_byte(x) : (int)(clz(x) >> 3); }

// The XOR of rows i .. i + 7 of diagonal k's bytes in either direction, as aligned word reads
// (load_word), for first_byte.
inline ulong rows_xor(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k, int i) {
  return direction == FORWARD ? load_word(a + i) ^ load_word(b + i + k)
                              : load_word(a + m - i - 8) ^ load_word(b + n - i - 8 - k);
}

// The first row in [from, to) whose bytes differ, or `to`: byte by byte, or (first_mismatch)
// 8 bytes at once when the whole word lies inside.
inline int byte_mismatch(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k,
                         int from, int to) {
  int i = from;
  while (i < to && byte_a(direction, a, m, i) == byte_b(direction, b, n, k, i)) ++i;
  return i;
}
inline int first_mismatch(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k,
                          int from, int to) {
#if defined(__ENDIAN_LITTLE__)
  if (to - from == 8) {
    const ulong x = rows_xor(direction, a, m, b, n, k, from);
    return x == 0 ? to : from + first_byte(direction, x);
  }
#endif
  return byte_mismatch(direction, a, m, b, n, k, from, to);
}

// A work-item's own extension of a run from row i: at most SOLO_BYTES (8) rows, when
// EXTEND_WORDS one word a string (first_mismatch) where they lie inside. Every position of
// a wide front reads its strings every step: a word a string asks L2 for fewer sectors than
// 16 bytes in two loads did (session 58, H200: 10 Mbp at 99% 0.164 -> 0.157 s, E. coli 29.2
// -> 28.3 ms), and a run that goes on past 8 bytes is all but always the alignment's own,
// which its warp follows anyway.
inline int extend_alone(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k,
                        int i, int end) {
#if EXTEND_WORDS
  return first_mismatch(direction, a, m, b, n, k, i, min(end, i + SOLO_BYTES));
#else
  return byte_mismatch(direction, a, m, b, n, k, i, min(end, i + SOLO_BYTES));
#endif
}

#if SHUFFLE
// The XOR of rows i .. i + 15 of diagonal k's bytes in either direction, as two aligned
// 16-byte loads a string (load_pair), and the first of those rows whose bytes differ, or
// 16. Backward rows i .. i + 15 are the bytes below m - i and n - i - k, the first the
// highest.
inline ulong2 rows_xor16(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k, int i) {
  return direction == FORWARD ? load_pair(a + i) ^ load_pair(b + i + k)
                              : load_pair(a + m - i - 16) ^ load_pair(b + n - i - 16 - k);
}
inline int first_of_16(int direction, ulong2 x) {
  const ulong first = direction == FORWARD ? x.x : x.y, second = direction == FORWARD ? x.y : x.x;
  return first != 0 ? first_byte(direction, first) : second != 0 ? 8 + first_byte(direction, second) : 16;
}

// The first row in [from, to) whose bytes differ, or `to` (to - from <= WARP_BYTES, 32): a
// whole share's 32 bytes loaded at once, both halves before either is looked at.
inline int lane_mismatch(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k,
                         int from, int to) {
#if defined(__ENDIAN_LITTLE__)
  if (to - from == WARP_BYTES) {
    const ulong2 near = rows_xor16(direction, a, m, b, n, k, from);
    const ulong2 far = rows_xor16(direction, a, m, b, n, k, from + 16);
    const int in_near = first_of_16(direction, near);
    return from + (in_near < 16 ? in_near : 16 + first_of_16(direction, far));
  }
#endif
  return first_mismatch(direction, a, m, b, n, k, from, to);
}

#if PREFETCH_AHEAD
// Asks L2 for the lines of both strings on diagonal k from row `row` on, PREFETCH_AHEAD
// bytes of each, 128 a lane (rows below `end` only): where the alignment's run ends, the
// next step goes on from about there, and where the strings are larger than L2 its next
// rounds would otherwise wait on DRAM (session 58, H200: 100 Mbp at 99.9% 0.219 -> 0.205
// s; where they fit, 10 Mbp at 99% 1% slower).
inline void prefetch_run(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k,
                         int row, int end, int lane) {
  for (int i = row + 128 * lane; i < end && i < row + PREFETCH_AHEAD; i += 32 * 128) {
    const ulong pa = (ulong)(direction == FORWARD ? a + i : a + (m - 1 - i));
    const ulong pb = (ulong)(direction == FORWARD ? b + (i + k) : b + (n - 1 - i - k));
    asm volatile("prefetch.global.L2 [%0];" ::"l"(pa));
    asm volatile("prefetch.global.L2 [%0];" ::"l"(pb));
  }
}
#endif

inline int lowest_lane(uint lanes) { return 31 - (int)clz(lanes & (~lanes + 1)); }

// The runs of the warp's lanes that go on (`going`: from *row, on diagonal k ending at
// `end`) followed by the whole warp, one after another: each lane compares WARP_BYTES of
// the run a round, and the lowest lane that finds a mismatch has the first. Every lane of
// the warp calls it.
inline void extend_together(int direction, __global const uchar* a, int m, __global const uchar* b, int n, int k,
                            int end, bool going, int* row) {
  const int lane = (int)(get_local_id(0) % 32);
  for (uint runs = ballot(going); runs != 0; runs &= runs - 1) {
    const int leader = lowest_lane(runs);
    const int run_k = (int)from_lane((uint)k, leader), run_end = (int)from_lane((uint)end, leader);
    int reached = (int)from_lane((uint)*row, leader), found = -1;
    while (found < 0) {
      const int from = min(run_end, reached + WARP_BYTES * lane), to = min(run_end, from + WARP_BYTES);
      const int hit = lane_mismatch(direction, a, m, b, n, run_k, from, to);
      const uint misses = ballot(hit < to);
      if (misses != 0)
        found = (int)from_lane((uint)hit, lowest_lane(misses));
      else if (reached + 32 * WARP_BYTES >= run_end)
        found = run_end;
      else
        reached += 32 * WARP_BYTES;
    }
#if PREFETCH_AHEAD
    prefetch_run(direction, a, m, b, n, run_k, found, run_end, lane);
#endif
    if (lane == leader) *row = found;
  }
}
#endif

// Records a meeting at `total` in cell (row, row + k): the distance is the least total; the
// total's slot keeps the cell of the least diagonal (MeetingSlot), the same on every run.
// Without 64-bit atomics, the first cell recorded: the same every run only where work-items
// run in one order.
inline void record_meeting(__global int* state, int total, int k, int row) {
  if (atomic_min(&state[STATE_SOLUTION], total) < total) return;
  __global MeetingSlot* slot = MEETING_SLOT(state, total, LEAD);
#if defined(cl_khr_int64_extended_atomics)
  atom_max((volatile __global ulong*)&slot->cell, MEETING_CELL(k, row));
  atomic_xchg(&slot->claimed, total + 1);
#else
  if (atomic_cmpxchg(&slot->claimed, 0, total + 1) != 0) return;
  slot->cell = MEETING_CELL(k, row);
#endif
}

// Records position p's meetings at step r (p one of the workgroup's own): its forward row
// against its backward rows of steps r - 1 (where `before_live`) and r (`now_live`), totals
// 2r - 1 and 2r. Returns the least total met, INT_MAX where none. (A sum of rows reaches m
// only where both are rows, none UNREACHED: compared without forming it.)
inline int record_meetings(__global int* state, int m, int p, int r, int row, bool before_live, int row_before,
                           bool now_live, int row_now) {
  int least = INT_MAX;
  if (before_live && row_before >= 0 && row >= m - row_before) {
    record_meeting(state, 2 * r - 1, p, row);
    least = 2 * r - 1;
  }
  if (now_live && row_now >= 0 && row >= m - row_now) {
    record_meeting(state, 2 * r, p, row);
    least = min(least, 2 * r);
  }
  return least;
}

// This workgroup's blocks at one step: two runs of block numbers q, the forward
// diagonals' and the backward ones', merged where they touch so that no block is stepped
// twice. Block q's positions start at origin + q * pitch, its entries in the columns at
// column + q * WG; it steps those up to `last` (several chunks: its chunk's, up to its
// first + last), the workgroup's own among them own_first .. own_last (several chunks: its
// chunk's, from its first + own_first, group_width of them up to the piece's last
// position, own_last).
typedef struct {
  int first[2], count[2], stride;
  int origin, pitch, column;
  int last, own_first, own_last, group_width;
} Blocks;

// Runs a0 .. a1 and b0 .. b1 (none where the first exceeds the last) in the order Blocks
// keeps them: the first nonempty where either is, merged into it where they touch.
inline void order_runs(int* a0, int* a1, int* b0, int* b1) {
  if (*a0 > *a1 || (*b0 <= *b1 && *b0 < *a0)) {
    const int t0 = *a0, t1 = *a1;
    *a0 = *b0;
    *a1 = *b1;
    *b0 = t0;
    *b1 = t1;
  }
  if (*a0 <= *a1 && *b0 <= *b1 && *b0 <= *a1 + 1) {
    *a1 = max(*a1, *b1);
    *b1 = *b0 - 1;
  }
}

// Of the positions base .. last, in blocks of WG from base: those live at the step (both
// directions'); every block of the workgroup's own (`solo`: every block) or every GROUPS-th
// from g. The workgroup's own positions: own_first .. own_last.
inline Blocks blocks_of(Live live, int base, int last, int g, bool solo, int own_first, int own_last) {
  Blocks bl;
  const int f0 = max(live.forward_lo, base), f1 = min(live.forward_hi, last);
  const int r0 = max(live.backward_lo, base), r1 = min(live.backward_hi, last);
  // Differences from base only where the run is nonempty (within base .. last then).
  int a0 = 0, a1 = -1, b0 = 0, b1 = -1;
  if (f0 <= f1) {
    a0 = (f0 - base) / WG;
    a1 = (f1 - base) / WG;
  }
  if (r0 <= r1) {
    b0 = (r0 - base) / WG;
    b1 = (r1 - base) / WG;
  }
  order_runs(&a0, &a1, &b0, &b1);
  bl.stride = solo ? 1 : GROUPS;
  if (!solo) {  // the first block of workgroup g in each run
    a0 += ((g - a0) % GROUPS + GROUPS) % GROUPS;
    b0 += ((g - b0) % GROUPS + GROUPS) % GROUPS;
  }
  bl.first[0] = a0;
  bl.first[1] = b0;
  bl.count[0] = a0 <= a1 ? (a1 - a0) / bl.stride + 1 : 0;
  bl.count[1] = b0 <= b1 ? (b1 - b0) / bl.stride + 1 : 0;
  bl.origin = base;
  bl.pitch = WG;
  bl.column = 0;
  bl.last = last;
  bl.own_first = own_first;
  bl.own_last = own_last;
  return bl;
}

// Of the workgroup's i-th block: work-item `lane`'s position p and its entry `at` in the
// columns, the block's last position stepped, and the workgroup's own among them.
typedef struct {
  int p, at, last, own_first, own_last;
} Place;
inline Place place_of(const Blocks* bl, int i, int lane) {
  const int q = i < bl->count[0] ? bl->first[0] + i * bl->stride : bl->first[1] + (i - bl->count[0]) * bl->stride;
  const int start = bl->origin + q * bl->pitch;
  Place at;
  at.p = start + lane;
  at.at = bl->column + q * WG + lane;
#if SPREAD && CHUNKS > 1
  at.last = start + bl->last;
  at.own_first = start + bl->own_first;
  at.own_last = min(at.own_first + bl->group_width - 1, bl->own_last);
#else
  at.last = bl->last;
  at.own_first = bl->own_first;
  at.own_last = bl->own_last;
#endif
  return at;
}

#if SPREAD && CHUNKS > 1
// The workgroup's chunks 0 .. chunks - 1 with positions live at the step: chunk j computes
// origin + j * pitch .. + span (its own and its halos, less `shrink` on each side), its
// entries in the columns from j * WG + shrink; its own group_width positions from
// its first + halo - shrink, up to piece_last.
inline Blocks chunks_of(Live live, int origin, int span, int pitch, int chunks, int shrink, int halo,
                        int group_width, int piece_last) {
  // Chunk j meets lo .. hi where origin + j * pitch <= hi and origin + j * pitch + span >= lo.
  // Live positions lie within the piece's, so these differences fit an int, and they are
  // divided only where positive (scalars, not arrays by direction, which NVIDIA's compiler
  // keeps on the stack).
  int a0 = 0, a1 = -1, b0 = 0, b1 = -1;
  if (live.forward_lo <= live.forward_hi) {
    const int past = live.forward_lo - origin - span, reach = live.forward_hi - origin;
    a0 = past <= 0 ? 0 : (past + pitch - 1) / pitch;
    a1 = reach < 0 ? -1 : min(chunks - 1, reach / pitch);
  }
  if (live.backward_lo <= live.backward_hi) {
    const int past = live.backward_lo - origin - span, reach = live.backward_hi - origin;
    b0 = past <= 0 ? 0 : (past + pitch - 1) / pitch;
    b1 = reach < 0 ? -1 : min(chunks - 1, reach / pitch);
  }
  order_runs(&a0, &a1, &b0, &b1);
  Blocks bl;
  bl.stride = 1;
  bl.first[0] = a0;
  bl.first[1] = b0;
  bl.count[0] = max(0, a1 - a0 + 1);
  bl.count[1] = max(0, b1 - b0 + 1);
  bl.origin = origin;
  bl.pitch = pitch;
  bl.column = shrink;
  bl.last = span;
  bl.own_first = halo - shrink;
  bl.own_last = piece_last;
  bl.group_width = group_width;
  return bl;
}
#endif

// Row and last row of a position's diagonal in one direction, from its neighbours of the
// step before. Forward diagonal k = p takes rows from k - 1 (same row), k and k + 1;
// backward diagonal kb = delta - p from kb - 1 (position p + 1), kb and kb + 1 (p - 1).
inline int next_row(int direction, COLUMN_READ int* prev, int at, Live before, int p, int r, int end,
                    int* from_self) {
  const int toward_low = direction == FORWARD ? -1 : 1;  // the position of diagonal k - 1
  const int from_low = position_live(direction, before, p + toward_low) ? prev[at + toward_low] : UNREACHED;
  *from_self = position_live(direction, before, p) ? prev[at] : UNREACHED;
  const int from_high = position_live(direction, before, p - toward_low) ? prev[at - toward_low] : UNREACHED;
  // wfa_next_row without its saturating adds: rows stay below PERSISTENT_MAX_LENGTH here.
  return r == 0 ? 0 : min(max(max(*from_self + 1, from_low), from_high + 1), end);
}

// Position p's diagonal in a direction, where it is live (unsigned: delta - p may wrap where
// it is not).
inline int diagonal_of(int direction, int delta, int p) {
  return direction == FORWARD ? p : (int)((uint)delta - (uint)p);
}

// The i-th (i < halo) of a workgroup's own edge positions that its neighbours take: of its
// first halo positions (side 0, for workgroup g - 1) or of its last (side 1, for g + 1).
inline int edge_position(int own_first, int own_last, int halo, int side, int i) {
  return side == 0 ? own_first + i : own_last - halo + 1 + i;
}

// Publishes, after step r (a multiple of halo), the rows of chunk `chunk`'s edge positions
// (its own own_first .. own_last, its columns' entry 0 position `base`), UNREACHED where not
// live, as words of (step, row) in its exchange's slots.
inline void give_edges(volatile __global ulong* edges, __local const int* forward, __local const int* backward,
                       Live live, int own_first, int own_last, int base, int halo, int chunk, int r) {
  for (int w = (int)get_local_id(0); w < 4 * halo; w += WG) {
    const int i = w % halo, direction = (w / halo) % 2, side = w / (2 * halo);
    const int p = edge_position(own_first, own_last, halo, side, i);
    if (p < own_first || p > own_last) continue;  // a share narrower than halo
    const int row = position_live(direction, live, p) ? (direction == FORWARD ? forward : backward)[p - base]
                                                      : UNREACHED;
    edges[EDGE_SLOT(HALO, chunk, r / halo, side, direction, i)] = EDGE_WORD(r, row);
  }
}

// Takes, at step r whose step before ended an exchange, the rows the neighbouring chunks'
// edge positions reached then into chunk `chunk`'s halo of the columns of step r - 1, every
// position of the piece they own. Sets *stop where the distance found stops the step first (a
// neighbour may have stopped before it), and work-item 0 reads that distance into
// *least_total anyway: a workgroup that never waits learns it here.
inline void take_edges(volatile __global ulong* edges, volatile __global int* state, __local int* forward,
                       __local int* backward, int piece_first, int piece_last, int own_first, int own_last,
                       int base, int halo, int chunk, int r, __local int* stop, __local int* least_total) {
  if (get_local_id(0) == 0) atomic_min(least_total, load_progress(&state[STATE_SOLUTION]));
  for (int w = (int)get_local_id(0); w < 4 * halo; w += WG) {
    const int i = w % halo, direction = (w / halo) % 2, side = w / (2 * halo);
    // The low side is chunk - 1's last halo positions, the high side chunk + 1's first.
    const int p = side == 0 ? own_first - halo + i : own_last + 1 + i;
    if (p < piece_first || p > piece_last) continue;
    const int slot = side == 0 ? EDGE_SLOT(HALO, chunk - 1, (r - 1) / halo, 1, direction, i)
                                : EDGE_SLOT(HALO, chunk + 1, (r - 1) / halo, 0, direction, i);
    ulong word;
    while ((uint)((word = edges[slot]) >> 32) != (uint)r)
      if (load_progress(&state[STATE_SOLUTION]) <= 2 * r - 2) {
        *stop = 1;
        break;
      }
    (direction == FORWARD ? forward : backward)[p - base] = (int)(uint)word;
  }
}

// Pieces. One launch runs one pair or many pieces at once (the subproblems of a
// linear-memory alignment, lib/src/alignment/alignment.cpp): piece q (pieces[q],
// wfa_persistent.h) has GROUPS workgroups of its own (group ids q * GROUPS ..), its flags
// flags_all[q * GROUPS ..], its edges edges_all[EDGE_SLOT(q * GROUPS ..)] and its state
// state_all[q * PERSISTENT_STATE_INTS(LEAD) ..]. A piece of one workgroup (GROUPS 1: the
// pieces are many) sets up its own state and at its end writes results[q]; with more
// workgroups a piece, wfa_persistent_states and wfa_persistent_results do so in launches
// before and after, and the host zeroes the edges: the host sends and reads back a few
// bytes a piece, never a state (132 workgroups' meeting slots, 135 KB each way: a 1 Mbp
// pair's launch set up, run and read in 1.53-1.56 ms, 1.61-1.63 before; H200, session 60).
//
// A piece's positions p_low .. p_low + width - 1 are stored (in local memory, those of
// workgroups whose positions lie beyond them have nothing to do and end at once).
// flags[g]: the last step workgroup g has finished (INT_MAX once it stops), which
// workgroups with global columns wait on (the host sets it to solo_last for every
// workgroup but 0); with local columns only the host's progress reads it, published every
// PROGRESS_STEPS steps.
//
// A step has three phases, with barriers only between them (POCL's work-group loops need
// barriers at this one level): every work-item computes its positions in the workgroup's
// blocks and follows their runs alone, handing the long ones to the teams; the teams
// extend those; every work-item checks its positions for meetings. With SHUFFLE the first
// phase does all three.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void wfa_persistent(__global const uchar* a_all, __global const uchar* b_all,
                    __global const PersistentPiece* pieces, __global int* forward0_all, __global int* forward1_all,
                    __global int* backward0_all, __global int* backward1_all, volatile __global int* flags_all,
                    volatile __global ulong* edges_all, __global int* state_all, __global PersistentResult* results) {
  const long piece = get_group_id(0) / GROUPS;
  const int g = (int)(get_group_id(0) % GROUPS);
  __global const PersistentPiece* fields = pieces + piece;
  __global const uchar* restrict a = a_all + fields->a_offset;
  const int m = (int)fields->m;
  __global const uchar* restrict b = b_all + fields->b_offset;
  const int n = (int)fields->n;
  const int p_low = (int)fields->p_low;
  const int bound = (int)fields->bound;
#if !(SPREAD && CHUNKS > 1)  // (several chunks: every workgroup steps its own from the start)
  const int solo_last = (int)fields->solo_last;
#endif
  volatile __global int* flags = flags_all + piece * GROUPS;
  __global int* state = state_all + piece * PERSISTENT_STATE_INTS(LEAD);
#if LOCAL_COLUMNS
  // This workgroup's own positions own_first .. own_last (SPREAD: of its first chunk, chunk
  // j's `pitch` * j further); with neighbours, their `halo` positions beside each end too:
  // the columns' entry 0 is position `base` (SPREAD: chunk j's from entry j * WG).
  const int piece_last = p_low + (int)persistent_width(m, n, bound) - 1;
  const int group_width = (int)fields->group_width;
  const int own_first = p_low + g * group_width;
  const int own_last = min(own_first + group_width - 1, piece_last);
  const int halo = SPREAD ? (int)fields->halo : 0;
  // Nothing of the piece's: no neighbour waits on it, and it stops at once (not by a
  // return, which POCL's work-group loops mishandle before barriers).
  const bool idle = own_first > own_last;
#if SPREAD
  const int base = own_first - halo, pitch = GROUPS * group_width;
  int chunks = 0;  // those with positions of the piece's
  while (chunks < CHUNKS && own_first + (long)chunks * pitch <= piece_last) ++chunks;
#endif
  __local int columns[4][LOCAL_COLUMNS];
  __local int *forward0 = columns[0], *forward1 = columns[1], *backward0 = columns[2], *backward1 = columns[3];
#else
  const int own_first = p_low, own_last = INT_MAX;
  const int halo = 0;
  const bool idle = false;
  __global int* forward0 = forward0_all + fields->column_offset;
  __global int* forward1 = forward1_all + fields->column_offset;
  __global int* backward0 = backward0_all + fields->column_offset;
  __global int* backward1 = backward1_all + fields->column_offset;
#endif
  volatile __global ulong* edges = edges_all + piece * PIECE_EDGE_WORDS(GROUPS, CHUNKS, HALO);
  __local int stop;
  const int lid = (int)get_local_id(0);
#if !SHUFFLE
  // Runs handed to the teams: (block * WG + work-item) * 2 + direction, and the row
  // reached; a work-item whose run finds the list full follows it alone to its end.
  __local int pending[PERSISTENT_PENDING(WG)], pending_row[PERSISTENT_PENDING(WG)];
  __local int pending_count, team_first[TEAMS], busy[PERSISTENT_BUSY_RING];
  const int team = lid / TEAM_SIZE, lane = lid % TEAM_SIZE;
#endif
#if GROUPS == 1 || SPREAD
  // The least total this workgroup knows of, where the stop check reads it: those it
  // recorded, and (SPREAD) the state's distance as of its last exchange.
  __local int least_total;
  if (lid == 0) least_total = INT_MAX;
#endif
#if GROUPS == 1
  for (int i = lid; i < PERSISTENT_STATE_INTS(LEAD); i += WG) state[i] = STATE_START(i);
  barrier(CLK_GLOBAL_MEM_FENCE);
#endif
  uint cells = 0;
  // Set (to 1 only) once the workgroup stops: read after the barrier that follows.
  if (lid == 0) stop = 0;

#if GATHER
  // The launch's gathering words follow its flags. Where not every workgroup started, all
  // end here, before any waits, and the host runs the launch again on fewer.
  if (lid == 0) stop = !gather_all(flags_all + get_num_groups(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  if (stop) return;
#endif

  int r = 0;
#if !LOCAL_COLUMNS
  if (g != 0) {  // the others start after workgroup 0's solo steps
    if (lid == 0) wait_progress(&flags[0], solo_last);
    r = solo_last + 1;
  }
#endif
  // No exit but at the loop's end, after its last barrier: POCL's work-group loops
  // mishandle a break between barriers (the last step only publishes that it stopped).
  bool go_on;
  Live before = live_at(m, n, r - 1, bound);
  // (r - 1) % halo from step 1 on (SPREAD): the steps since the last exchange, less one,
  // counted, not divided out twice a step (H200: 10 Mbp at 99% 145.6 -> 133.2 ms of kernel,
  // E. coli 25.3 -> 23.8, the HIV-1 pair 1.45 -> 1.32; session 67).
  int phase = max(halo, 1) - 1;
  do {
    // The positions of step r: the workgroup's own and, SPREAD, its halo less `shrink` on
    // each side, one more each step after an exchange's (r - 1 a multiple of halo), from
    // `first` (of its first chunk where SPREAD).
    const int shrink = SPREAD && r > 0 ? phase + 1 : 0;
    const int first = own_first - halo + shrink;
    // The columns of steps r - 1 and r, by direction: those of even steps are forward0 and
    // backward0.
#define NEXT(direction) \
  ((direction) == FORWARD ? ((r & 1) ? forward1 : forward0) : ((r & 1) ? backward1 : backward0))
#define PREV(direction) \
  ((COLUMN_READ int*)((direction) == FORWARD ? ((r & 1) ? forward0 : forward1) : ((r & 1) ? backward0 : backward1)))
    // The positions live at r (those at r - 1 are the step before's).
    const Live live = live_at(m, n, r, bound);
    if (lid == 0) {
      // Stop once every total up to the distance found has been checked, or past the bound.
      // Any value read is an upper bound (an old one costs a step at most), so it is read
      // alongside the neighbours' flags; again after them only where a neighbour stopped,
      // since its last column may then be older than step r - 1 and the distance it saw
      // must stop this workgroup too.
#if GROUPS == 1 || SPREAD
      const int found = least_total;
#else  // (in the preprocessor: a constant operand of && is a compiler warning)
      int found = load_progress((volatile __global int*)&state[STATE_SOLUTION]);
#if !LOCAL_COLUMNS
      if (r > solo_last && r > 0) {  // not workgroup 0 alone
        const int later = wait_progress_both(&flags[(g + GROUPS - 1) % GROUPS], &flags[(g + 1) % GROUPS], r - 1);
        if (later == INT_MAX) found = load_progress((volatile __global int*)&state[STATE_SOLUTION]);
      }
#endif
#endif
      if (idle || (r > 0 && found <= 2 * r - 2) || 2L * r - 1 > bound) stop = 1;
#if !SHUFFLE
      pending_count = 0;
#endif
    }
#if SPREAD
    // Every halo steps, the rows of step r - 1 (final since the last barrier) at the edges
    // out, and the neighbours' in, by every work-item a share, beside work-item 0's check:
    // a workgroup that stops for a distance found waits on no neighbour (take_edges sees
    // it), and one past the bound takes nothing, as its neighbours give nothing then.
    // With one chunk (chunks is 1 where not idle) the loops are none: looping over `chunks`
    // there, NVIDIA's code for the whole step was slower, by 0.3-1 us a narrow front's step
    // (E. coli 29.3 -> 32.6 ms); unrolled over CHUNKS, several chunks' steps were (10 Mbp at
    // 99% 0.164 -> 0.183 s, 100 Mbp 0.216 -> 0.284 s; session 57).
    if (!idle && r > 1 && phase == 0 && 2L * r - 1 <= bound) {
      for (int j = 0; j < (CHUNKS == 1 ? 1 : chunks); ++j)
        give_edges(edges, PREV(FORWARD) + j * WG, PREV(BACKWARD) + j * WG, before, own_first + j * pitch,
                   min(own_last + j * pitch, piece_last), base + j * pitch, halo, g + j * GROUPS, r - 1);
      // Every edge out before any wait on a neighbour's: with several chunks a workgroup's
      // neighbours wait on each other around the ring, which work-items that run one after
      // another (POCL's work-group loops) would never leave.
#if CHUNKS > 1
      barrier(CLK_GLOBAL_MEM_FENCE);
#endif
      for (int j = 0; j < (CHUNKS == 1 ? 1 : chunks); ++j)
        take_edges(edges, (volatile __global int*)state, PREV(FORWARD) + j * WG, PREV(BACKWARD) + j * WG, p_low,
                   piece_last, own_first + j * pitch, min(own_last + j * pitch, piece_last), base + j * pitch, halo,
                   g + j * GROUPS, r, &stop, &least_total);
    }
#endif
    barrier(STEP_FENCE);
    const bool stopping = stop;

#if SPREAD && CHUNKS > 1
    // Each chunk's positions: span + 1 from its first.
    const int span = group_width + 2 * halo - 1 - 2 * shrink;
    Blocks bl = chunks_of(live, first, span, pitch, chunks, shrink, halo, group_width, piece_last);
#else
    // Entry 0 of the columns is position own_first - halo: first's is `shrink` past it.
    // Every workgroup its own positions where they are local, else workgroup 0 alone at first.
    Blocks bl = blocks_of(live, first, own_last == INT_MAX ? INT_MAX : own_last + halo - shrink, g,
                          LOCAL_COLUMNS || r <= solo_last, own_first, own_last);
    bl.column = first - own_first + halo;
#endif
    if (stopping) bl.count[0] = bl.count[1] = 0;
    const int block_count = bl.count[0] + bl.count[1];

    // 1. Every position, each run followed for SOLO_BYTES, then (SHUFFLE) by its warp to its
    // end and its meetings checked; else the long runs handed to the teams, and the first
    // block's rows kept in registers for the meetings, unless a team takes the run over.
    int least = INT_MAX;
#if !SHUFFLE
    int first_row[2] = {UNREACHED, UNREACHED}, first_backward_before = INT_MIN;  // INT_MIN: not read
    bool first_handed[2] = {false, false};
#endif
    for (int i = 0; i < block_count; ++i) {
      const Place place = place_of(&bl, i, lid);
      const int p = place.p, at = place.at;
      // Both directions together, so that each dependent read of one goes out beside the
      // other's: their previous rows, then their runs' first bytes at once (measured on the
      // H100 against a first byte alone before them: 10 Mbp at 99% 0.328 -> 0.316 s, the
      // narrow fronts unchanged).
      bool alive[2];
      int k[2], end[2], start[2], row[2], backward_before = UNREACHED;
#pragma unroll
      for (int direction = FORWARD; direction <= BACKWARD; ++direction) {
        alive[direction] = p <= place.last && position_live(direction, live, p);
        k[direction] = diagonal_of(direction, n - m, p);
        end[direction] = diagonal_end(m, n, k[direction]);
        int from_self = UNREACHED;
        start[direction] =
            alive[direction] ? next_row(direction, PREV(direction), at, before, p, r, end[direction], &from_self) : 0;
        if (direction == BACKWARD) backward_before = from_self;
      }
#pragma unroll
      for (int direction = FORWARD; direction <= BACKWARD; ++direction)
        row[direction] =
            alive[direction] ? extend_alone(direction, a, m, b, n, k[direction], start[direction], end[direction]) : 0;
#if SHUFFLE
#pragma unroll
      for (int direction = FORWARD; direction <= BACKWARD; ++direction) {
        const bool going =
            alive[direction] && row[direction] == start[direction] + SOLO_BYTES && row[direction] < end[direction];
        extend_together(direction, a, m, b, n, k[direction], end[direction], going, &row[direction]);
        if (alive[direction]) {
          NEXT(direction)[at] = row[direction];
          ++cells;
        }
      }
      if (p >= place.own_first && p <= place.own_last && alive[FORWARD]) {
        const bool before_live = position_live(BACKWARD, before, p);
        const int row_before = !before_live ? UNREACHED : alive[BACKWARD] ? backward_before : PREV(BACKWARD)[at];
        least = min(least, record_meetings(state, m, p, r, row[FORWARD], before_live, row_before, alive[BACKWARD],
                                           row[BACKWARD]));
      }
#else
      if (i == 0 && alive[BACKWARD]) first_backward_before = backward_before;
#pragma unroll
      for (int direction = FORWARD; direction <= BACKWARD; ++direction) {
        if (!alive[direction]) continue;
        if (row[direction] == start[direction] + SOLO_BYTES && row[direction] < end[direction]) {
          const int slot = TEAM_SIZE > 1 ? atomic_inc(&pending_count) : PERSISTENT_PENDING(WG);
          if (slot < PERSISTENT_PENDING(WG) && i < INT_MAX / (2 * WG) - 1) {
            pending[slot] = (i * WG + lid) * 2 + direction;
            pending_row[slot] = row[direction];
            if (i == 0) first_handed[direction] = true;
          } else
            row[direction] = first_mismatch(direction, a, m, b, n, k[direction], row[direction], end[direction]);
        }
        NEXT(direction)[at] = row[direction];
        if (i == 0) first_row[direction] = row[direction];
        ++cells;
      }
#endif
    }
#if !SHUFFLE
    barrier(STEP_FENCE);

    // 2. The long runs, TEAMS at a time: each team compares 8 bytes per lane and takes the
    // least mismatch; a team that ends its run takes the next. busy[s % PERSISTENT_BUSY_RING] says whether
    // any run goes on after round s; it is cleared a round ahead, after the barrier that
    // ends the last reading of it.
#if TEAM_SIZE > 1
    const int count = stopping ? 0 : min(pending_count, PERSISTENT_PENDING(WG));
    {
      int e = team < TEAMS ? team : count, direction = FORWARD, row = 0, end = 0;
      int k = 0, at = 0;
      if (lid == 0) busy[0] = busy[1] = 0;
      int round = 0;
      bool go_on;
      do {
        if (e < count && (round == 0 || row < 0)) {  // take entry e
          const int entry = pending[e];
          direction = entry & 1;
          const Place place = place_of(&bl, (entry >> 1) / WG, (entry >> 1) % WG);
          const int p = place.p;
          at = place.at;
          k = diagonal_of(direction, n - m, p);
          end = diagonal_end(m, n, k);
          row = pending_row[e];
        }
        if (lane == 0 && team < TEAMS) team_first[team] = INT_MAX;
        if (lid == 0) busy[(round + 1) % PERSISTENT_BUSY_RING] = 0;
        barrier(STEP_FENCE);
        const bool active = e < count;
        if (active) {
          const int from = min(end, row + 8 * lane), to = min(end, from + 8);
          const int hit = first_mismatch(direction, a, m, b, n, k, from, to);
          if (hit < to) atomic_min(&team_first[team], hit);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (active) {
          const int first = team_first[team];
          const int reach = row + 8 * TEAM_SIZE;
          if (first != INT_MAX || reach >= end) {  // the run ends: its row out, the next entry in
            if (lane == 0) NEXT(direction)[at] = first != INT_MAX ? first : end;
            e += TEAMS;
            row = -1;
          } else {
            row = reach;
          }
          if (e < count) busy[round % PERSISTENT_BUSY_RING] = 1;
        }
        barrier(STEP_FENCE);
        go_on = busy[round % PERSISTENT_BUSY_RING] != 0;
        ++round;
      } while (go_on);
    }
#endif

    // 3. Meetings of the workgroup's own positions, the first block's rows from registers,
    // unless a team extended them.
    for (int i = 0; i < block_count; ++i) {
      const Place place = place_of(&bl, i, lid);
      const int p = place.p, at = place.at;
      if (p < place.own_first || p > place.own_last || !position_live(FORWARD, live, p)) continue;
      const bool before_live = position_live(BACKWARD, before, p), now_live = position_live(BACKWARD, live, p);
      const int row = i == 0 && !first_handed[FORWARD] ? first_row[FORWARD] : NEXT(FORWARD)[at];
      const int row_before = !before_live                                    ? UNREACHED
                             : i == 0 && first_backward_before != INT_MIN ? first_backward_before
                                                                           : PREV(BACKWARD)[at];
      const int row_now = !now_live                                 ? UNREACHED
                          : i == 0 && !first_handed[BACKWARD] ? first_row[BACKWARD]
                                                               : NEXT(BACKWARD)[at];
      least = min(least, record_meetings(state, m, p, r, row, before_live, row_before, now_live, row_now));
    }
#endif
#if GROUPS == 1 || SPREAD
    if (least != INT_MAX) atomic_min(&least_total, least);  // read after the step's last barrier
#else
    (void)least;
#endif
#if LOCAL_COLUMNS || GROUPS == 1
    // Nothing waits on this flag: it is only the host's progress.
    if (lid == 0 && (stopping || r % PROGRESS_STEPS == 0)) atomic_xchg(&flags[g], stopping ? INT_MAX : r);
#else
    // Every work-item's stores are ordered before the flag by the barrier and work-item 0's
    // fence in publish_progress (as a grid-wide barrier publishes).
    barrier(CLK_GLOBAL_MEM_FENCE);
    // Once stopped, every wait on this workgroup is met.
    if (lid == 0) publish_progress(&flags[g], stopping ? INT_MAX : r);
#endif
    go_on = !stopping;
    before = live;
    ++r;
    phase = phase + 1 == max(halo, 1) ? 0 : phase + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  } while (go_on);
  count_cells(state, cells);
#if GROUPS == 1
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (lid == 0) results[piece] = persistent_result(state, LEAD);
#endif
}

// The states of `count` pieces of several workgroups each, as they start (GROUPS > 1: a
// piece of one sets up its own).
__kernel void wfa_persistent_states(__global int* state_all, uint count) {
  const size_t i = get_global_id(0);
  if (i < (size_t)count * PERSISTENT_STATE_INTS(LEAD)) state_all[i] = STATE_START(i % PERSISTENT_STATE_INTS(LEAD));
}

// Their results, once they ended (a piece of one workgroup writes its own).
__kernel void wfa_persistent_results(__global const int* state_all, uint count, __global PersistentResult* results) {
  const size_t q = get_global_id(0);
  if (q < count) results[q] = persistent_result(state_all + q * PERSISTENT_STATE_INTS(LEAD), LEAD);
}
