// The layout the wavefront kernels (wfa_common.cl and the kernels that include it) share
// with the host (lib/src/engines/wavefront_steps.cpp, the persistent and traceback
// engines).
#ifndef LEVCL_WFA_COMMON_H
#define LEVCL_WFA_COMMON_H

// A row below every row of the matrix; adding 1 keeps it below every row. The host fills
// a column's unwritten cells with it.
#define UNREACHED (-0x3fffffff)

// A run's state: ints that kernels update with atomics and the host reads back.
#define STATE_SOLUTION 0    // the distance found (the solution radius), INT_MAX until then
#define STATE_BOUND 1       // a bound on the distance (the dynamic diamond's)
#define STATE_CELLS_LOW 2   // cells computed, counted on the device: low word
#define STATE_CELLS_HIGH 3  //   and high word
#define STATE_INTS 4

// Bytes the host allocates after every string buffer a wavefront kernel extends along:
// load_pair (wfa_common.cl) reads the aligned 16-byte chunk after the one that holds the
// first of 16 bytes, which may reach up to 16 bytes past the string.
#define WORD_PADDING 16

#endif
