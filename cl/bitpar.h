// The layout bitpar.cl and bitpar_vector.cl share with their host routine
// (lib/src/engines/bitpar/bitpar.cpp; the geometry is in bitpar.hpp): the sweeps of a launch.
#ifndef LEVCL_BITPAR_H
#define LEVCL_BITPAR_H

#include "shared_types.h"

// A launch runs one sweep of stripes over the matrix or two towards its middle row: the top
// rows forward, the bottom ones on both strings reversed, their stripes claimed in turn, so
// that each chain is half as long. Each sweep has its own rows, band, stripes, stripe
// counters and ring of bus slots; its last stripe leaves its bottom row in its slot and its
// value at its last column in result[sweep].
typedef struct {
  shared_int m;                 // rows
  shared_int band_lo, band_hi;  // diagonals j - i of its own rows and columns (bitpar.hpp)
  shared_int stripes;
  shared_int progress_at;       // its stripes' progress counters from progress[progress_at]
  shared_int corners_at;        // their top-left corners (stripes + 1) from top_left[corners_at]
  shared_int slot_at, slots;    // its bus slots
} BitparSweep;

#define BITPAR_SWEEPS 2

#endif
