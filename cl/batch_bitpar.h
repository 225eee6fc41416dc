// The layout batch_bitpar.cl shares with its host routine
// (lib/src/engines/batch_bitpar/batch_bitpar.cpp): a chunk's strings and pairs as the host
// lists them. The host copies the strings' bytes only; the device finds the byte values
// present, derives the symbol codes and builds the match masks.
#ifndef LEVCL_BATCH_BITPAR_H
#define LEVCL_BATCH_BITPAR_H

#include "bases.h"
#include "shared_types.h"

// A string of a chunk. The strings that are some pair's rows come first, by words_at.
typedef struct __attribute__((aligned(16))) {
  shared_uint raw_at;    // its first byte in the chunk's bytes
  shared_uint length;
  shared_uint words_at;  // a row string: its match masks are the code count times this words into peq
  shared_uint unused;
} BatchString;

// A pair: the chunk's strings of its rows (the shorter) and of its columns.
typedef struct __attribute__((aligned(8))) {
  shared_uint rows;
  shared_uint columns;
} BatchPair;

// The byte values of a chunk's strings: a bit each, in 8 words.
#define BATCH_BYTE_WORDS 8

// A chunk whose strings hold only A, C, G and T may cross the bus as bases (bases.h),
// unpacked as their codes, which then stand for the letters. Each string's bytes start at
// a multiple of BASES_PER_BYTE, its last base repeated up to the next.

// The chunk's symbol codes, rows of every match-mask table: one per byte value present,
// from 1 in increasing byte order (0: a byte no string holds), or each byte its own code
// when all 256 are present.
inline shared_uint batch_code_count(shared_uint values_present) {
  return values_present == 256 ? 256 : values_present + 1;
}

// A pair's first bound, rows m <= columns n: the caller's k (max_k >= 0), else the length
// difference plus `band` (0: the whole matrix at once).
inline shared_int batch_first_bound(shared_int m, shared_int n, shared_int band, shared_int max_k) {
  return max_k >= 0 ? (max_k < n ? max_k : n) : band == 0 || band > m ? n : n - m + band;
}

// Whether a pair's pass under bound k, which found `distance`, must run again with a wider
// bound: without the caller's k, where the distance is over the bound and the bound under
// n (a bound of n is the whole matrix: exact). The kernels count such pairs; the host,
// where any is, finds them.
inline bool batch_runs_again(shared_int distance, shared_int k, shared_int n, shared_int max_k) {
  return max_k < 0 && distance > k && k < n;
}

// A pair longer than one stripe hands its stripes' bottom rows on through a bus of n bytes,
// from a multiple of BUS_ALIGN (the launch's counter of bus space counts these units: 64
// GiB in 32 bits).
#define BUS_ALIGN 16

// Work-items of batch_bitpar_lanes on a pair longer than a work-item's stripe, a block of
// BATCH_LANE_ROWS rows each (a 64-bit word: a step's shuffle, bus byte and mask fetch once
// for twice the rows, and half the stripes), a stripe of BATCH_LANES blocks.
#define BATCH_LANES 32
#define BATCH_LANE_ROWS 64

// Pairs a launch has finished, counted over this many counters (a pair adds one to the
// counter of its id modulo the count: few work-items meet on one) that the host reads for
// the progress while the launch runs.
#define BATCH_FINISHED_COUNTERS 64

#endif
