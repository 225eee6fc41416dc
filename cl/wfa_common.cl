// Shared by every wavefront (WFA) kernel of levcl; wfa_common.h has the layout the host
// shares.
#ifndef LEVCL_WFA_COMMON_CL
#define LEVCL_WFA_COMMON_CL

#include "wfa_common.h"

//
// Coordinates: diagonal k = j - i of the DP matrix of a (m bytes, rows i) and b (n bytes,
// columns j). For radius r (edit count) and diagonal k, a column holds the furthest row i
// on diagonal k with D[i][i+k] <= r. Columns are stored centred, col[k] at index m+1+k,
// with one spare cell on each side so neighbours k-1 and k+1 never need a bounds check.
// The host fills unwritten cells with UNREACHED (wfa_common.h).

// Index of diagonal k in a centred column.
#define CELL(col, m, k) ((col)[(long)(m) + 1 + (k)])

// Last row of diagonal k: m, or n - k where the diagonal leaves through the last column.
// Written so that n - k is never formed when it could overflow (k far below zero).
inline int diagonal_end(int m, int n, int k) { return k <= n - m ? m : n - k; }

// Furthest row on diagonal k at radius r, from its neighbours at radius r-1:
// substitution (k at r-1, one row on), insertion (k-1 at r-1, same row) and deletion
// (k+1 at r-1, one row on); clamped to the diagonal's end, which is exact because
// neighbouring DP cells differ by at most one. add_sat keeps row m = INT_MAX in range.
inline int wfa_next_row(int r, int from_left, int from_self, int from_right, int end) {
  if (r == 0) return 0;
  return min(max(max(add_sat(from_self, 1), from_left), add_sat(from_right, 1)), end);
}

// Follows matching bytes along diagonal k from row i. With EXTEND_WORDS (a build option)
// it compares 8 bytes at a time while a whole word lies inside both strings (load_word;
// on a little-endian device the first mismatch is the lowest set byte of the XOR), then
// byte by byte. Words pay off on the long matching runs of similar strings and cost time
// on dissimilar ones, whose runs are a byte or two; the host picks (extend_by_words,
// lib/src/wavefront.hpp). Kernels declare the strings `restrict`: nothing writes them, so
// the compiler may read them through the read-only cache.
#ifndef EXTEND_WORDS
#define EXTEND_WORDS 0
#endif
// The index of the lowest nonzero byte of x (x != 0): on a little-endian device, the first
// differing byte of two words XORed.
inline int lowest_byte(ulong x) { return (int)((63 - clz(x & (~x + 1))) >> 3); }

// The 8 bytes from p as one little-endian word, from the one or two aligned words that hold
// them: an unaligned vload8 is eight byte loads on some devices (NVIDIA's), each a memory
// transaction of its own. Buffers are aligned and padded (WORD_PADDING), so both words lie
// inside.
inline ulong load_word(__global const uchar* p) {
  const ulong address = (ulong)p;
  __global const ulong* const words = (__global const ulong*)(address & ~(ulong)7);
  const uint shift = (uint)(address & 7) * 8;
  const ulong low = words[0];
  return shift == 0 ? low : (low >> shift) | (words[1] << (64 - shift));
}

// The 16 bytes from p as two little-endian words, the first 8 in .x, from the two aligned
// 16-byte chunks that hold them: two loads where two load_word calls make four, each a
// request of its own for a line that another work-item's bytes seldom share (session 45).
// Buffers are padded (WORD_PADDING), so both chunks lie inside.
inline ulong2 load_pair(__global const uchar* p) {
  const ulong address = (ulong)p;
  __global const ulong2* const chunks = (__global const ulong2*)(address & ~(ulong)15);
  const ulong2 low = chunks[0], high = chunks[1];
  const uint offset = (uint)(address & 15), shift = (offset & 7) * 8;
  // The three words that hold the 16 bytes, from the one that holds the first.
  const ulong w0 = offset < 8 ? low.x : low.y, w1 = offset < 8 ? low.y : high.x, w2 = offset < 8 ? high.x : high.y;
  ulong2 out;
  out.x = shift == 0 ? w0 : (w0 >> shift) | (w1 << (64 - shift));
  out.y = shift == 0 ? w1 : (w1 >> shift) | (w2 << (64 - shift));
  return out;
}

inline int wfa_extend(__global const uchar* a, __global const uchar* b, int k, int i, int end) {
#if EXTEND_WORDS && defined(__ENDIAN_LITTLE__)
  for (; i <= end - 8; i += 8) {
    const ulong x = load_word(a + i) ^ load_word(b + (long)i + k);
    if (x != 0) return i + lowest_byte(x);
  }
#endif
  while (i < end && a[i] == b[i + k]) ++i;
  return i;
}

// Records a finished cell of the solution diagonal: the first radius at which it
// reaches the last row (atomic minimum because launches past the solution keep running),
// and the dynamic-diamond bound r + (m - row) on the distance.
inline void wfa_record_solution(__global int* state, int m, int r, int row) {
  if (row == m) atomic_min(&state[STATE_SOLUTION], r);
  const long bound = (long)r + (m - row);
  atomic_min(&state[STATE_BOUND], (int)min(bound, (long)INT_MAX));
}

// Adds a work-item's or workgroup's count of computed cells to the state's 64-bit counter
// with 32-bit atomics only: a carry is added to the high word when the low word wraps.
inline void count_cells(__global int* state, uint cells) {
  if (cells == 0) return;
  const uint old = atomic_add((volatile __global uint*)&state[STATE_CELLS_LOW], cells);
  if (old > UINT_MAX - cells) atomic_inc((volatile __global uint*)&state[STATE_CELLS_HIGH]);
}

#endif
