// Shared by every wavefront (WFA) kernel of levcl.
//
// Coordinates: diagonal k = j - i of the DP matrix of a (m bytes, rows i) and b (n bytes,
// columns j). For radius r (edit count) and diagonal k, a column holds the furthest row i
// on diagonal k with D[i][i+k] <= r. Columns are stored centred, col[k] at index m+1+k,
// with one spare cell on each side so neighbours k-1 and k+1 never need a bounds check.
// The host fills unwritten cells with UNREACHED.

#define UNREACHED (-0x3fffffff)  // below every row; adding 1 keeps it below every row

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

// Follows matching bytes along diagonal k from row i, one byte at a time (the paper's
// extend step). Kernels declare the strings `restrict`: nothing writes them, so the
// compiler may read them through the read-only cache.
inline int wfa_extend(__global const uchar* a, __global const uchar* b, int k, int i, int end) {
  while (i < end && a[i] == b[i + k]) ++i;
  return i;
}

// Records a finished cell of the solution diagonal: the first radius at which it
// reaches the last row (state[0], atomic minimum because launches past the solution
// keep running), and the dynamic-diamond bound r + (m - row) on the distance (state[1]).
inline void wfa_record_solution(__global int* state, int m, int r, int row) {
  if (row == m) atomic_min(&state[0], r);
  const long bound = (long)r + (m - row);
  atomic_min(&state[1], (int)min(bound, (long)INT_MAX));
}
