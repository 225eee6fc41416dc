// The layout wfa_persistent.cl shares with its host routine
// (lib/src/engines/wfa_persistent/wfa_persistent.cpp): the table of pieces a launch runs,
// a piece's state, and what a piece of one workgroup writes back.
#ifndef LEVCL_WFA_PERSISTENT_H
#define LEVCL_WFA_PERSISTENT_H

#include "shared_types.h"
#include "wfa_common.h"

// A piece: a[a_offset, + m) against b[b_offset, + n) of the launch's strings.
typedef struct {
  shared_long a_offset, m, b_offset, n;
  shared_long column_offset;  // its first entry in the four columns
  shared_long p_low;          // its first stored position
  shared_long bound;          // no distance above it is wanted
  shared_long solo_last;      // the last radius workgroup 0 runs alone (columns in global memory)
  shared_long group_width;    // positions each workgroup keeps, of each of its chunks where several do (columns in local memory)
  shared_long halo;           // steps between a workgroup's exchanges with its neighbours (several keeping columns in local memory)
} PersistentPiece;

// The longest string a piece may have: the kernel keeps rows, diagonals and positions in
// ints, with room for a team's reach (8 bytes a work-item) and a halo past either end.
#define PERSISTENT_MAX_LENGTH (INT_MAX - 65536)

// A piece's stored positions: every one live at some step up to the last,
// R = (bound + 1) / 2, for the forward diagonals [-R, R] and the backward ones
// delta - [-R, R], inside the matrix.
inline shared_long persistent_low(shared_long m, shared_long n, shared_long bound) {
  const shared_long last = (bound + 1) / 2, forward_low = last < m ? -last : -m, forward_high = last < n ? last : n;
  const shared_long low = forward_low < n - m - forward_high ? forward_low : n - m - forward_high;
  return low > -m ? low : -m;
}
inline shared_long persistent_width(shared_long m, shared_long n, shared_long bound) {
  const shared_long last = (bound + 1) / 2, forward_low = last < m ? -last : -m, forward_high = last < n ? last : n;
  const shared_long high = forward_high > n - m - forward_low ? forward_high : n - m - forward_low;
  return (high < n ? high : n) - persistent_low(m, n, bound) + 1;
}

// A piece's state in global memory: STATE_INTS ints (wfa_common.h: the distance in
// STATE_SOLUTION, INT_MAX until found; the cells), then the meeting slots. Totals found
// lie within 2 * lead + 4 of the distance, where no workgroup runs more than `lead` steps
// ahead of another (PERSISTENT_LEAD: `groups` workgroups, neighbours within one exchange of
// `halo` steps, 1 where they wait on each other every step), so a slot is never wanted by
// two of them.
typedef struct {
  shared_int claimed;  // total + 1 once a meeting at that total was recorded
  shared_int unused;
  // The meeting cell of the least diagonal among all of the total's, which every
  // workgroup checks before it stops (the first recorded would change from run to run):
  // the complement of (diagonal with its sign bit flipped) << 32 | row, kept by atom_max.
  shared_ulong cell;
} MeetingSlot;
// A meeting's key in MeetingSlot.cell: larger for a lesser diagonal.
#define MEETING_CELL(diagonal, row) (~(((shared_ulong)((shared_uint)(diagonal) ^ 0x80000000u) << 32) | (shared_uint)(row)))
#define PERSISTENT_LEAD(groups, halo) ((groups) * (halo))
#define MEETING_SLOTS(lead) (2 * (lead) + 8)
#define MEETING_SLOT(state, total, lead) \
  ((SHARED_GLOBAL MeetingSlot*)((state) + STATE_INTS) + (total) % MEETING_SLOTS(lead))
#define PERSISTENT_STATE_INTS(lead) \
  (STATE_INTS + (int)(sizeof(MeetingSlot) / sizeof(shared_int)) * MEETING_SLOTS(lead))

// A workgroup's local memory in wfa_persistent.cl, sized here for the host's checks too:
// the runs handed to the teams and the rows they reached, their count, each team's first
// run, the ring of busy flags, the stop flag and (a piece of one workgroup) its least
// total; with LOCAL_COLUMNS, its four columns.
#define PERSISTENT_PENDING(wg) (2 * (wg))
#define PERSISTENT_BUSY_RING 3
inline shared_ulong persistent_local_bytes(shared_long wg, shared_long teams, shared_long local_columns) {
  return (shared_ulong)(2 * PERSISTENT_PENDING(wg) + 1 + teams + PERSISTENT_BUSY_RING + 1 + 1 + 4 * local_columns) *
         sizeof(shared_int);
}

// Where workgroups that keep their columns in local memory hand their edges' rows to their
// neighbours, every `halo` steps: per chunk, by the exchange's parity, the rows of its
// first (side 0) and last (side 1) `halo` positions (of at most HALO, the slots' stride),
// forward and backward: the step + 1 in the high word and the row in the low one, written
// and read as one word, so that no fence orders a row before a flag.
#define EDGE_WORDS(halo) (8 * (halo))
// A piece's edge words: those of each chunk of each of its workgroups.
#define PIECE_EDGE_WORDS(groups, chunks, halo) ((groups) * (chunks) * EDGE_WORDS(halo))
#define EDGE_SLOT(halo, chunk, exchange, side, direction, i) \
  ((((chunk) * 2 + ((exchange) & 1)) * 4 + (side) * 2 + (direction)) * (halo) + (i))
#define EDGE_WORD(r, row) (((shared_ulong)(shared_uint)((r) + 1) << 32) | (shared_uint)(row))

// A piece's result, from its state: a piece of one workgroup writes it at its end, so
// that the host reads a few bytes a piece; with more workgroups the host reads the state.
typedef struct {
  shared_int distance;           // INT_MAX: none up to the bound
  shared_int row;                // the meeting cell's row; INT_MIN: no meeting cell recorded
  shared_int diagonal;
  shared_int forward_score;
  shared_uint cells_low, cells_high;
} PersistentResult;

inline PersistentResult persistent_result(SHARED_GLOBAL const shared_int* state, int lead) {
  PersistentResult result;
  result.distance = state[STATE_SOLUTION];
  SHARED_GLOBAL const MeetingSlot* slot = MEETING_SLOT(state, result.distance == INT_MAX ? 0 : result.distance, lead);
  const shared_ulong key = ~slot->cell;
  result.row = slot->claimed == result.distance + 1 ? (shared_int)(shared_uint)(key & 0xffffffffu) : INT_MIN;
  result.diagonal = (shared_int)((shared_uint)(key >> 32) ^ 0x80000000u);
  result.forward_score = (result.distance + 1) / 2;  // the forward radius of either total at its step
  result.cells_low = (shared_uint)state[STATE_CELLS_LOW];
  result.cells_high = (shared_uint)state[STATE_CELLS_HIGH];
  return result;
}

#endif
