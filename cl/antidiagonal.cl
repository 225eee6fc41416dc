// The plain Wagner-Fischer dynamic programme on anti-diagonals: the naive GPU baseline
// (Algorithms 2-4 of the diagonal-tracing paper). All cells D[i][j] with i + j = d
// depend only on anti-diagonals d-1 (up, left) and d-2 (up-left), so one launch
// computes one whole anti-diagonal, one work-item per cell.
//
// Coordinates: a (m bytes, rows i) is the shorter string and b (n bytes, columns j) the
// longer; the host swaps them (the distance is symmetric). An anti-diagonal is stored by
// row, cell i at index i, so each of the three rotating buffers holds m+1 cells
// whatever d is. Cell (i, j) of anti-diagonal d reads (i-1, j) and (i, j-1) at indices
// i-1 and i of d-1, and (i-1, j-1) at index i-1 of d-2: all of them lie inside the
// matrix whenever i >= 1 and j >= 1, so they were written by earlier launches and no
// buffer needs initialising. The boundaries D[i][0] = i and D[0][j] = j are written
// here, by the launches whose anti-diagonal contains them.
//
// Values are 32-bit unsigned: D[i][j] <= max(i, j) < 2^31, so adding one never wraps.
//
// Tunables (build options, with standalone defaults):
//   WG  work-items per workgroup

#ifndef WG
#define WG 128
#endif

// Work-item g computes cell (i_lo + g, j_lo - g), where (i_lo, j_lo) is the anti-
// diagonal's top cell (smallest row) and i_hi its last row; the padding to a whole
// workgroup returns at once. The host passes rows and j_lo rather than d = i + j or a
// cell count because d reaches m + n and the count m + 1, which overflow an int for
// strings at the 2^31 limit; every row and column fits.
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void antidiagonal(__global const uchar* restrict a, __global const uchar* restrict b, __global const uint* before_previous,
                  __global const uint* previous, __global uint* current, const int i_lo, const int i_hi,
                  const int j_lo) {
  const size_t g = get_global_id(0);
  if (g > (size_t)(i_hi - i_lo)) return;
  const int i = i_lo + (int)g, j = j_lo - (int)g;
  uint value;
  if (i == 0) {
    value = (uint)j;  // first row: j insertions
  } else if (j == 0) {
    value = (uint)i;  // first column: i deletions
  } else {
    const uint up = previous[i - 1], left = previous[i], up_left = before_previous[i - 1];
    value = min(min(up, left) + 1, up_left + (a[i - 1] != b[j - 1] ? 1u : 0u));
  }
  current[i] = value;
}
