// The layout batch_bitpar.cl shares with its host routine
// (lib/src/engines/batch_bitpar/batch_bitpar.cpp): a pair as the host packs it.
#ifndef LEVCL_BATCH_BITPAR_H
#define LEVCL_BATCH_BITPAR_H

#include "shared_types.h"

// A pair, rows the shorter string (m <= n). Aligned as a uint4, so that a kernel loads it
// in one access.
typedef struct __attribute__((aligned(16))) {
  shared_uint codes_at;  // its longer string's symbol codes in b_codes
  shared_uint n;
  shared_uint peq_at;    // its shorter string's match masks in peq
  shared_uint m;
} BatchPair;

// A pair's bus bytes start at a multiple of BUS_ALIGN (bus_at counts these units: 64 GiB
// of bus in 32 bits).
#define BUS_ALIGN 16

// Pairs a launch has finished, counted over this many counters (a pair adds one to the
// counter of its id modulo the count: few work-items meet on one) that the host reads for
// the progress while the launch runs.
#define BATCH_FINISHED_COUNTERS 64

#endif
