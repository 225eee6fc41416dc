// The layout bitpar.cl and bitpar_vector.cl share with their host routine
// (lib/src/engines/bitpar/bitpar_sweeps.cpp; the geometry is in bitpar.hpp): the sweeps of
// a launch.
#ifndef LEVCL_BITPAR_H
#define LEVCL_BITPAR_H

#include "shared_types.h"

// A launch runs sweeps of stripes, two for each piece of the strings it is given: its left
// columns forward, its right ones on both strings reversed, so that they meet at the piece's
// middle column (Hirschberg) and a wide band's chain is about half the piece's (a stripe
// sweeps every column of its sweep: halving the rows instead left it the whole width).
// The strings' symbol codes lie in one buffer, forward and reversed (codes_at); each sweep
// takes its rows from one string and its columns from the other, at the offsets given.
// Each has its own band, stripe counters and ring of bus slots; each stripe leaves its
// vertical deltas at its last column in the sweep's edge (laid out as a slot of m rows),
// and the last its value there in result[sweep]. The host lists the launch's stripes as
// claims (sweep, stripe), every stripe after the one above it, so that a workgroup only
// ever waits on one a running workgroup holds.
typedef struct {
  shared_long bus_at;                // its first bus slot, in bus words (bitpar.cl: 32-column word pairs; bitpar_vector.cl: bytes)
  shared_long edge_at;               // its edge, apart from the ring (the host reads the sweeps' together); < 0: none
  shared_long rows_at, columns_at;   // its rows' and columns' first code in the codes buffer
  shared_int m, n;                   // rows and columns
  shared_int band_lo, band_hi;       // diagonals j - i of its own rows and columns (bitpar.hpp)
  shared_int stripes;
  shared_int progress_at;            // its stripes' progress counters from progress[progress_at]
  shared_int corners_at;             // their top-left corners (stripes + 1) from top_left[corners_at]
  shared_int slots;                  // slots in its ring
  // A tile of a sweep, in the kernels built with TILES (bitpar_tiles.cpp: a sweep's rows in
  // blocks over several devices, each block's columns in tiles). Stripe 0's top row: its
  // slot at top_at, deltas of its own up to column top_last and +1 past it. A tile's stripes
  // that start at its column 0 take their corner there from the host
  // (stripe_values[lefts_at + s]) and, where they computed the tile to the left, their
  // vertical deltas from its edge (left_at; < 0: column 0 of the matrix); every stripe leaves
  // its last value, at its bottom row's last column, in stripe_values[ends_at + s].
  shared_long top_at, left_at;
  shared_int top_last;
  shared_int lefts_at, ends_at;
} BitparSweep;

// Where a piece's two sweeps meet (bitpar.cl's bitpar_meet, on the device that swept them):
// over the rows i of its middle column where both edges are defined, the least sum of the
// forward edge's value at i and the backward one's at m - i, and the first such i
// (Hirschberg). An edge's value at its last row is its sweep's result; the backward sweep of
// a piece of one column has none (backward_at < 0): column 0, value i at row i.
typedef struct {
  shared_long forward_at, backward_at;    // the edges on the bus, in bus words
  shared_int forward_sweep, backward_sweep;  // their values in result[]
  shared_int forward_first, forward_last;  // the rows each edge holds
  shared_int backward_first, backward_last;
  shared_int m;                            // the piece's rows
  shared_int unused;                       // the same size on both sides
} BitparMeeting;
typedef struct {
  shared_long sum, i, forward;  // sum: LONG_MAX where the edges share no row
} BitparMet;
// bitpar_meet's work-items a workgroup at most.
#define BITPAR_MEET_MOST 256
// The rows i a meeting walks, lo .. hi (none where lo > hi): where the forward edge holds i
// (first - 1 .. last) and the backward one m - i.
inline shared_long bitpar_meeting_lo(shared_long forward_first, shared_long backward_last, shared_long m) {
  return forward_first - 1 > m - backward_last ? forward_first - 1 : m - backward_last;
}
inline shared_long bitpar_meeting_hi(shared_long forward_last, shared_long backward_first, shared_long m) {
  return forward_last < m - (backward_first - 1) ? forward_last : m - (backward_first - 1);
}

// A tile's stripe s whose first column in the tile is `first` takes its corner from the host:
// those that start at the tile's column 0, and stripe 0 (its top row is the block's above).
inline bool bitpar_corner_from_host(shared_long s, shared_long first) { return first == 1 || s == 0; }
// And its vertical deltas at column 0 from the edge of the tile to the left, where there is
// one (left_at >= 0) and the stripe's band (its rows from r0 + 1) began there or before.
inline bool bitpar_deltas_from_left(shared_long left_at, shared_long r0, shared_long band_lo) {
  return left_at >= 0 && r0 + 1 + band_lo <= 0;
}

// A stripe's bottom row on the bus, a slot: for n columns, BITPAR_SLOT_WORDS(n) word pairs in
// bitpar.cl (bit (j - 1) % 32 of pair (j - 1) / 32 is column j's delta: P, +1, in the first
// word, M, -1, in the second), a byte per column in bitpar_vector.cl (p | m << 1). A
// sweep's edge is the same for its m rows: row i's vertical delta where column j's was.
#define BITPAR_SLOT_WORDS(n) (((n) + 31) / 32)
// Where every stripe has a slot of its own (bitpar.cl's OWN_SLOTS), each byte of the slots
// before a stripe stores its words there: the host fills them so before the launch, and a
// word pair of such bytes holds a column both +1 and -1, which no stripe stores.
#define BITPAR_UNSTORED_BYTE 0xff

// A lanes workgroup's local memory in bitpar.cl, sized here for the host's checks too: the
// match masks (SIGMA codes of LANES blocks of WORD_BITS rows), the claimed stripe, the 32
// codes of the top row lane 0 takes in, the bottom row's codes (two bus words of 32
// columns, column c at (c - 1) % 64, then a dummy slot a lane where the steady groups'
// other lanes store theirs: 32 lanes with shuffles), the b codes of a steady group's 64
// columns (bytes; with shuffles, where every stripe has a slot of its own), and the lanes'
// exchange and votes where they have no shuffles.
#define BITPAR_INCOMING 32
#define BITPAR_STAGED 64
#define BITPAR_DUMMIES_AT 64
#define BITPAR_OUTGOING (BITPAR_DUMMIES_AT + 32)
#define BITPAR_EXCHANGE(lanes) (2 * (lanes))
#define BITPAR_VOTES 2
inline shared_ulong bitpar_local_bytes(shared_long lanes, shared_long sigma, shared_long block_rows) {
  return (shared_ulong)(sigma * lanes * block_rows / 8 + 4 + BITPAR_STAGED +
                        4 * (BITPAR_INCOMING + BITPAR_OUTGOING + BITPAR_EXCHANGE(lanes) + BITPAR_VOTES));
}

#endif
