// alignment_traceback (wfa_common.cl before it; lib/src/alignment_traceback.cpp is the host
// side): the CIGAR of parts of small distance, one work-item a part, as eWFA-GPU finishes
// short pairs (Aguado-Puig et al.): the part's wavefronts for every score up to its
// distance d are kept, (d + 1)^2 rows in all, then traced back from (m, n).
//
// Part q's fields are parts[PART_FIELDS * q ..]: the offsets of its strings in a_all and
// b_all, their lengths m and n, its distance d (known: the breakpoints gave it), and the
// offsets of its fronts (ints) and runs (ulongs). Fronts of score s lie at s^2 .. s^2 + 2s:
// diagonal k at s^2 + s + k. Runs: runs[0] counts those written (ULONG_MAX: the part did not
// reach (m, n) at score d, which the host reports), then the runs from the last backwards,
// each (length << 2) | code, code 0 '=', 1 'X', 2 'I', 3 'D'; at most 2d + 1.

#define PART_FIELDS 7
#define FRONT(fronts, s, k) ((fronts)[(long)(s) * (s) + (s) + (k)])

// Diagonal k's row at score s from the fronts of score s - 1 (s >= 1), before extension;
// UNREACHED outside the matrix. self, low and high get the three rows it came from.
inline int row_before(__global const int* fronts, int m, int n, int s, int k, int* low, int* self, int* high) {
  const int p = s - 1;
  *low = k - 1 >= -p && k - 1 <= p ? FRONT(fronts, p, k - 1) : UNREACHED;
  *self = k >= -p && k <= p ? FRONT(fronts, p, k) : UNREACHED;
  *high = k + 1 >= -p && k + 1 <= p ? FRONT(fronts, p, k + 1) : UNREACHED;
  return wfa_next_row(s, *low, *self, *high, diagonal_end(m, n, k));
}

__kernel void alignment_traceback(__global const uchar* restrict a_all, __global const uchar* restrict b_all,
                            __global const long* parts, const uint count, __global int* fronts_all,
                            __global ulong* runs_all) {
  const uint q = get_global_id(0);
  if (q >= count) return;
  __global const long* f = parts + PART_FIELDS * q;
  __global const uchar* restrict a = a_all + f[0];
  const int m = (int)f[1];
  __global const uchar* restrict b = b_all + f[2];
  const int n = (int)f[3], d = (int)f[4];
  __global int* fronts = fronts_all + f[5];
  __global ulong* runs = runs_all + f[6];

  for (int s = 0; s <= d; ++s)
    for (int k = -s; k <= s; ++k) {
      int row = UNREACHED;
      if (k >= -m && k <= n) {
        int low, self, high;
        const int end = diagonal_end(m, n, k);
        const int start = s == 0 ? 0 : row_before(fronts, m, n, s, k, &low, &self, &high);
        if (start >= 0) row = wfa_extend(a, b, k, start, end);
      }
      FRONT(fronts, s, k) = row;
    }
  if (FRONT(fronts, d, n - m) != m) {
    runs[0] = ULONG_MAX;
    return;
  }

  // Back from (m, n): at each score, the matching run down to the row before extension,
  // then the edit whose predecessor lands exactly there.
  ulong written = 0;
  int s = d, k = n - m, row = m;
  for (;;) {
    int low = UNREACHED, self = UNREACHED, high = UNREACHED;
    if (s == 0 && k != 0) {
      runs[0] = ULONG_MAX;
      return;
    }
    const int start = s == 0 ? 0 : row_before(fronts, m, n, s, k, &low, &self, &high);
    if (row > start) runs[1 + written++] = ((ulong)(row - start) << 2) | 0;
    if (s == 0) break;
    if (self >= 0 && self + 1 == start) {
      runs[1 + written++] = (1UL << 2) | 1;  // X: a[self] for b[self + k]
      row = self;
    } else if (high >= 0 && high + 1 == start) {
      runs[1 + written++] = (1UL << 2) | 3;  // D: a[high], from diagonal k + 1
      row = high;
      k += 1;
    } else if (low >= 0 && low == start) {
      runs[1 + written++] = (1UL << 2) | 2;  // I: b[low + k - 1], from diagonal k - 1
      row = low;
      k -= 1;
    } else {
      runs[0] = ULONG_MAX;
      return;
    }
    --s;
  }
  runs[0] = written;
}
