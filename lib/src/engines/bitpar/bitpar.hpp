// The bit-parallel family (cl/bitpar.cl, bitpar.cpp): Myers' bit-vector algorithm with
// Hyyrö's blocks, as edlib computes global edit distance, cut into stripes of rows.
//
// Geometry shared by the CPU engine and the device's host routine. DP rows 1..m are A's
// bytes (the longer string, so that there are many stripes), DP columns 1..n B's. A
// stripe holds `height` consecutive rows; it sweeps its columns once, left to right,
// taking the previous stripe's bottom row as its top boundary (one horizontal delta,
// +1/0/-1, per column: the "horizontal bus") and handing its own bottom row on.
//
// With a bound k only the diagonals d = j - i inside a band [lo, hi] can hold a path of
// cost <= k (Ukkonen). A stripe then computes only the columns where its rows meet the
// band. Outside them it assumes overestimates that keep neighbouring cells within one of
// each other: its left boundary column climbs by +1 per row below its top-left corner, and
// beyond the previous stripe's last column its top boundary climbs by +1 per column. Every
// cell is then at least its true value, and exact wherever a path of cost <= k reaches it,
// so D[m][n] is exact whenever it is <= k.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

#include "levcl/export.h"

namespace levcl::detail {

class Cancellation;

// The diagonals d = j - i a run computes, [lo, hi]: every diagonal when k >= max(m, n).
struct Band {
  std::int64_t lo, hi;
};

// The band of paths of cost <= k from (0, 0) to (m, n); k >= |n - m|. Its low edge is a
// multiple of 32 (widened by up to 31 diagonals), so that every stripe's first column is
// the first of a 32-column bus word.
inline Band band_for(std::int64_t m, std::int64_t n, std::int64_t k) {
  if (k >= std::max(m, n)) return {-m, n};
  const std::int64_t slack = (k - (n > m ? n - m : m - n)) / 2;  // edits to spare on each side
  const std::int64_t lo = std::min<std::int64_t>(0, n - m) - slack;
  return {std::max(-m, -((-lo + 31) / 32 * 32)), std::min(n, std::max<std::int64_t>(0, n - m) + slack)};
}

// Columns [first, last] (1-based) of the stripe of rows r0 + 1 .. r1: those meeting the band.
struct ColumnRange {
  std::int64_t first, last;
};
inline ColumnRange stripe_columns(std::int64_t r0, std::int64_t r1, std::int64_t n, const Band& band) {
  return {std::max<std::int64_t>(1, r0 + 1 + band.lo), std::min(n, r1 + band.hi)};
}

// What the stripes of `height` rows do over a band: the cells they compute, and the chain of
// column steps from the first stripe's start to the last one's end, a stripe starting `lead`
// columns (its wait for the stripe above's published progress) after the stripe above
// reached its own first column. On a GPU the chain bounds a narrow band: stripes run side
// by side, but the last starts only after every stripe above it has passed its columns.
struct BandWork {
  std::uint64_t cells = 0;
  std::uint64_t chain = 0;
};
inline BandWork band_work(std::int64_t m, std::int64_t n, std::int64_t height, std::int64_t lead, const Band& band) {
  // In closed form, not stripe by stripe: auto's cost models ask it of every pair and of
  // every measured workload (a 10 Mbp pair is 5,000 stripes). Full stripes k = 0 .. full - 1
  // start at row k * height; a last one of the remaining rows after them. The band has
  // lo <= hi (band_for's, and a sweep's reversed), so the stripes that meet it follow
  // each other.
  BandWork work;
  if (m <= 0 || n <= 0) return work;
  const auto floor_div = [](std::int64_t x, std::int64_t y) { return x >= 0 ? x / y : -((-x + y - 1) / y); };
  // The sum of c + d * k over k = k0 .. k1 (0 when empty).
  const auto linear_sum = [](std::int64_t c, std::int64_t d, std::int64_t k0, std::int64_t k1) -> std::int64_t {
    if (k1 < k0) return 0;
    const std::int64_t count = k1 - k0 + 1;
    return count * c + d * ((k0 + k1) * count / 2);
  };
  const std::int64_t full = m / height, stripes = (m + height - 1) / height;
  // Stripe k meets the band where its first column, max(1, k h + 1 + lo), is at most n and
  // its last, min(n, r1 + hi), is at least 1: stripes first .. last.
  const auto first_column = [&](std::int64_t k) { return std::max<std::int64_t>(1, k * height + 1 + band.lo); };
  const auto last_column = [&](std::int64_t k) { return std::min(n, std::min(m, (k + 1) * height) + band.hi); };
  const std::int64_t first = std::max<std::int64_t>(0, floor_div(1 - band.hi - 1, height));  // (k + 1) h + hi >= 1
  const std::int64_t last = std::min(stripes - 1, floor_div(n - 1 - band.lo, height));      // k h + 1 + lo <= n
  if (last < first || last_column(first) < first_column(first)) return work;
  // Cells of the full stripes among them: h * sum of (last_column - first_column + 1).
  const std::int64_t k1 = std::min(last, full - 1);
  if (k1 >= first) {
    // min(n, k h + h + hi): the linear part up to the k where it reaches n, n beyond.
    const std::int64_t reach = std::min(k1, floor_div(n - height - band.hi, height));
    std::int64_t columns = linear_sum(height + band.hi, height, first, reach) + n * (k1 - std::max(first, reach + 1) + 1);
    // max(1, k h + 1 + lo): 1 up to the k where it passes 1, linear beyond.
    const std::int64_t floor_to = std::min(k1, floor_div(-band.lo, height));
    columns -= (std::max<std::int64_t>(first - 1, floor_to) - first + 1) +
               linear_sum(1 + band.lo, height, std::max(first, floor_to + 1), k1);
    columns += k1 - first + 1;
    work.cells += static_cast<std::uint64_t>(columns) * static_cast<std::uint64_t>(height);
  }
  if (last == full && full * height < m)  // the last stripe, of the rows left
    work.cells += static_cast<std::uint64_t>(last_column(last) - first_column(last) + 1) *
                  static_cast<std::uint64_t>(m - full * height);
  // The chain: from the first stripe's first column to the last one's, a lead between each
  // two, then the last stripe's columns.
  work.chain = static_cast<std::uint64_t>(first_column(last) - first_column(first) + lead * (last - first) +
                                          last_column(last) - first_column(last) + 1);
  return work;
}

inline std::uint64_t band_cells(std::int64_t m, std::int64_t n, std::int64_t height, const Band& band) {
  // Every stripe meets every column of the whole matrix: m * n without band_work's divisions
  // (a batch of 10^6 short pairs asks it of each).
  if (m > 0 && n > 0 && band.lo <= -m && band.hi >= n) return static_cast<std::uint64_t>(m) * static_cast<std::uint64_t>(n);
  return band_work(m, n, height, 0, band).cells;
}

// Pairs shorter than this take the whole matrix as their first band, so they need no
// estimate (on pairs of 150 bp it took as long as their sweep).
constexpr std::int64_t kBandedLength = 4096;
inline bool wants_estimate(std::int64_t m, std::int64_t n) { return std::max(m, n) >= kBandedLength; }

// The first band's bound of a pair of lengths m and n whose distance is estimated at
// `estimate` (< 0: not known), when no bound is given: the estimate with 15% to spare,
// or the whole matrix where the pair is short or the band would hold it anyway. Each band
// is a chain of about max(m, n) column steps whatever its width (band_work), so a first band
// that is too narrow costs a whole second run: a margin, not edlib's doubling from a narrow
// start. Real genomes 47-54% apart sample up to 8.5% below their distance (HHV-6B x EBV,
// the plasmids, CP000051 x AE002160); a quarter to spare computed 7% more cells, 5% more
// time, on every divergent pair measured (bench/results/h100/session39, call 3). A
// divergent pair's band is still about half its matrix: a cell lies in it only where the
// diagonals from both corners to it add up to at most the bound.
inline std::int64_t first_bound(std::int64_t m, std::int64_t n, double estimate) {
  const std::int64_t longest = std::max(m, n);
  if (!wants_estimate(m, n) || estimate < 0) return longest;
  return std::min<std::int64_t>(longest, 64 + static_cast<std::int64_t>(1.15 * estimate));
}

// Symbol codes, so that the match-mask tables have one row per byte the strings hold, plus
// one for every byte they do not (their masks are empty): DNA needs 5 rows, not 256. Code 0
// is that empty row, the bytes held get 1.. in increasing order; when they are all 256,
// each byte is its own code. The rows' string alone, or both where either gives rows.
struct SymbolCodes {
  std::array<std::uint8_t, 256> of{};
  int count = 1;  // codes in use, at most 256
};
// The codes of the byte values `seen` in the strings.
inline SymbolCodes symbol_codes(const std::array<bool, 256>& seen) {
  SymbolCodes codes;
  if (std::all_of(seen.begin(), seen.end(), [](bool s) { return s; })) {
    for (int c = 0; c < 256; ++c) codes.of[c] = static_cast<std::uint8_t>(c);
    codes.count = 256;
    return codes;
  }
  for (int c = 0; c < 256; ++c)
    if (seen[c]) codes.of[c] = static_cast<std::uint8_t>(codes.count++);
  return codes;
}
// The codes of the bytes the strings hold (long strings read on every host thread: a
// serial pass over a pair of 3 Mbp took 3-5 ms; `threads` as thread_count's, 0: every CPU).
// Exported for the tests.
LEVCL_API SymbolCodes symbol_codes(std::string_view a, std::string_view b = {}, unsigned threads = 0);

// The 64-row blocks of cpu-bitpar's stripes for `rows` rows, given its parameter `blocks`:
// 4 or 8 as asked; 0: eight where the CPU runs their vector fast (AVX-512) and the rows are
// more than four hold (eight would sweep empty rows: 150 bp pairs took 0.15 s with eight,
// 0.115 s with four), else four. Throws invalid_argument for any other value.
int cpu_bitpar_blocks(std::int64_t blocks, std::int64_t rows);

// cpu-bitpar's engine: D'[m][n] over the band (exact when it is <= k of the band; the
// caller checks), in stripes of `blocks` 64-row blocks (4 or 8: cpu_bitpar_blocks).
// Adds the cells it computes to *cells; checks `cancel` (when given) between stripes.
std::int64_t cpu_bitpar_distance(std::string_view a, std::string_view b, const Band& band, int blocks,
                                 std::uint64_t* cells, const Cancellation* cancel = nullptr);

}  // namespace levcl::detail
