// The layout wfa_traceback.cl shares with its host routine
// (lib/src/engines/wfa_traceback/wfa_traceback.cpp): the pieces it traces and the runs it
// writes.
#ifndef LEVCL_WFA_TRACEBACK_H
#define LEVCL_WFA_TRACEBACK_H

#include "shared_types.h"

// A piece: a[a_offset, + m) against b[b_offset, + n) of the launch's strings, its distance
// (known: the breakpoints gave it), and where its runs (ulongs) start.
typedef struct {
  shared_long a_offset, m, b_offset, n, distance;
  shared_long run_offset;
} TracebackPiece;

// Fronts of score s lie at s^2 .. s^2 + 2s, diagonal k at s^2 + s + k: (d + 1)^2 in all.
#define FRONT_INDEX(s, k) ((long)(s) * (s) + (s) + (k))
#define TRACEBACK_FRONT_INTS(d) (((d) + 1) * ((d) + 1))

// Runs: the first ulong counts those written (RUNS_NO_PATH: no path of cost d reached
// (m, n)), then the runs from the last backwards, each (length << RUN_CODE_BITS) | code;
// at most 2d + 1.
#define TRACEBACK_RUN_SLOTS(d) (2 * (d) + 2)
#define RUNS_NO_PATH (~(shared_ulong)0)
#define RUN_CODE_BITS 2
#define RUN_EQUAL 0
#define RUN_MISMATCH 1
#define RUN_INSERTION 2
#define RUN_DELETION 3
#define RUN_OPERATIONS "=XID"  // the CIGAR operation of each code

#endif
