// cpu-bitpar: the bit-parallel family on one CPU thread, stripe by stripe, in the same
// geometry as the device kernel (bitpar.hpp). A stripe is four or eight 64-row blocks in a
// skewed pipeline: at step t block q computes column first + t - q, taking at its top
// block q-1's bottom delta of the step before. The blocks are the lanes of one vector
// (GCC's vector extension), so a step is one vector step and the hand-over a lane
// rotation. Eight blocks fill an AVX-512 vector and do twice the work of four along the
// same chain of dependent operations: HHV-6B x EBV took 0.38 s with eight on AVX-512,
// 0.59 s with four, 0.74 s with four on AVX2; eight on AVX2 (two halves a step) 1.65 s.
#include <cstring>
#include <vector>

#include "engines/bitpar/bitpar.hpp"
#include "runtime/cancellation.hpp"
#include "runtime/cpu_features.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

using Word = std::uint64_t;
constexpr int kWordBits = 64;
// A stripe's vector of blocks (GCC takes vector_size only from a constant, not a
// template's parameter).
template <int kBlocks>
struct LanesOf;
template <>
struct LanesOf<4> {
  using type = Word __attribute__((vector_size(4 * sizeof(Word))));
};
template <>
struct LanesOf<8> {
  using type = Word __attribute__((vector_size(8 * sizeof(Word))));
};


// One stripe's sweep over its columns. The bus holds, per column, the delta below the
// stripe above (p | m << 1: +1, -1); the sweep replaces it with its own bottom row's
// (row r0 + 64 out_lane + out_bit + 1), behind its own reads.
template <int kBlocks>
struct Sweep {
  using Lanes = typename LanesOf<kBlocks>::type;
  const Word* peq;           // [code][block]
  const std::uint8_t* b_codes;
  std::uint8_t* bus;
  std::int64_t first, count;  // columns first .. first + count - 1
  int out_lane, out_bit;
  Lanes pv, mv, cp, cm;       // vertical deltas; each block's bottom delta at its last column

  // Step t: block q at column first + t - q. With kGuarded, blocks outside the columns
  // keep their state (the pipeline's fill and drain, and a partial last stripe's whole
  // sweep); without, every block is busy and the bottom row is the last block's last.
  template <bool kGuarded>
  __attribute__((always_inline)) inline void step(std::int64_t t) {
    Lanes active = {}, eq;
    for (int q = 0; q < kBlocks; ++q) {
      const std::int64_t c = t - q;
      const bool inside = !kGuarded || (c >= 0 && c < count);
      if (kGuarded) active[q] = inside ? ~Word{0} : 0;
      eq[q] = inside ? peq[b_codes[first + c - 1] * kBlocks + q] : 0;
    }
    Lanes rotate;  // lane q takes lane q - 1's
    for (int q = 0; q < kBlocks; ++q) rotate[q] = static_cast<Word>((q + kBlocks - 1) % kBlocks);
    Lanes in_p = __builtin_shuffle(cp, rotate), in_m = __builtin_shuffle(cm, rotate);
    const std::uint8_t top = !kGuarded || t < count ? bus[first + t] : 0;
    in_p[0] = top & 1;
    in_m[0] = top >> 1;
    // edlib's calculateBlock, one block per lane.
    const Lanes xv = eq | mv;
    eq |= in_m;
    const Lanes xh = (((eq & pv) + pv) ^ pv) | eq;
    const Lanes ph = mv | ~(xh | pv);
    const Lanes mh = pv & xh;
    const Lanes ph_in = (ph << 1) | in_p, mh_in = (mh << 1) | in_m;
    if (!kGuarded) {
      pv = mh_in | ~(xv | ph_in);
      mv = ph_in & xv;
      cp = ph >> (kWordBits - 1);
      cm = mh >> (kWordBits - 1);
      bus[first + t - (kBlocks - 1)] = static_cast<std::uint8_t>(cp[kBlocks - 1] | cm[kBlocks - 1] << 1);
      return;
    }
    pv = (active & (mh_in | ~(xv | ph_in))) | (~active & pv);
    mv = (active & (ph_in & xv)) | (~active & mv);
    cp = (active & (ph >> (kWordBits - 1))) | (~active & cp);
    cm = (active & (mh >> (kWordBits - 1))) | (~active & cm);
    const std::int64_t c = t - out_lane;
    if (c >= 0 && c < count)
      bus[first + c] = static_cast<std::uint8_t>(((ph[out_lane] >> out_bit) & 1) | ((mh[out_lane] >> out_bit) & 1) << 1);
  }
};

template <int kBlocks>
__attribute__((always_inline)) inline void sweep_columns(Sweep<kBlocks>& shared) {
  Sweep<kBlocks> s = shared;  // a local copy stays in registers: the bus's bytes could alias the shared one
  const bool full = s.out_lane == kBlocks - 1 && s.out_bit == kWordBits - 1;
  const std::int64_t fill = full ? std::min<std::int64_t>(kBlocks - 1, s.count) : s.count, steps = s.count + kBlocks - 1;
  std::int64_t t = 0;
  for (; t < fill; ++t) s.template step<true>(t);
  for (; t < s.count; ++t) s.template step<false>(t);
  for (; t < steps; ++t) s.template step<true>(t);
  shared = s;
}

// The sweep compiled for each instruction set, chosen when first called.
__attribute__((target_clones("avx512f", "avx2", "default"))) void sweep(Sweep<4>& s) { sweep_columns(s); }
__attribute__((target_clones("avx512f", "avx2", "default"))) void sweep(Sweep<8>& s) { sweep_columns(s); }

int value_of(std::uint8_t bus) { return (bus & 1) - (bus >> 1); }

template <int kBlocks>
std::int64_t stripes_distance(std::string_view a, std::string_view b, const Band& band, std::uint64_t* cells,
                              const Cancellation* cancel) {
  constexpr std::int64_t kHeight = kWordBits * kBlocks;
  const std::int64_t m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  if (m == 0 || n == 0) return std::max(m, n);
  const SymbolCodes codes = symbol_codes(a);
  std::vector<std::uint8_t> b_codes(b.size());
  for (std::size_t j = 0; j < b.size(); ++j) b_codes[j] = codes.of[static_cast<unsigned char>(b[j])];

  std::vector<std::uint8_t> bus(static_cast<std::size_t>(n) + 1, 1);  // row 0 climbs by one per column
  std::int64_t above_last = n;  // the previous stripe's last column
  std::int64_t top_left = 0;    // D'[r0][first - 1], the stripe's top-left corner
  std::vector<Word> peq(static_cast<std::size_t>(codes.count) * kBlocks);
  std::int64_t distance = 0;
  for (std::int64_t r0 = 0; r0 < m; r0 += kHeight) {
    if (cancel) cancel->check();
    const std::int64_t r1 = std::min(m, r0 + kHeight);
    const ColumnRange cols = stripe_columns(r0, r1, n, band);
    std::fill(peq.begin(), peq.end(), 0);
    for (std::int64_t i = r0; i < r1; ++i)
      peq[codes.of[static_cast<unsigned char>(a[i])] * kBlocks + (i - r0) / kWordBits] |= Word{1} << ((i - r0) % kWordBits);
    // Past the stripe above, its bottom row climbs by one per column.
    for (std::int64_t j = above_last + 1; j <= cols.last; ++j) bus[j] = 1;

    Sweep<kBlocks> s{peq.data(), b_codes.data(), bus.data(), cols.first, cols.last - cols.first + 1,
            static_cast<int>((r1 - r0 - 1) / kWordBits), static_cast<int>((r1 - r0 - 1) % kWordBits),
            {}, {}, {}, {}};
    s.pv = ~s.pv;  // the left boundary climbs by one per row
    sweep(s);
    if (cells) *cells += static_cast<std::uint64_t>(s.count) * static_cast<std::uint64_t>(r1 - r0);

    // The corners from the stripe's bottom row: the next stripe's top-left, and D'[m][n].
    const std::int64_t next_first = r1 < m ? stripe_columns(r1, std::min(m, r1 + kHeight), n, band).first : n + 1;
    std::int64_t bottom = top_left + (r1 - r0);  // D'[r1][first - 1]
    std::int64_t next_top_left = bottom;
    for (std::int64_t j = cols.first; j <= cols.last; ++j) {
      bottom += value_of(bus[j]);
      if (j == next_first - 1) next_top_left = bottom;
    }
    above_last = cols.last;
    top_left = next_top_left;
    distance = bottom;
  }
  return distance;  // D'[m][n]: the last stripe's bottom row is row m, its last column n
}

}  // namespace

int cpu_bitpar_blocks(std::int64_t blocks, std::int64_t rows) {
  if (blocks == 0) return has_avx512f() && rows > 4 * kWordBits ? 8 : 4;
  if (blocks == 4 || blocks == 8) return static_cast<int>(blocks);
  throw Error(ErrorCode::invalid_argument, "cpu-bitpar: blocks must be 0 (the CPU's fastest), 4 or 8, not " +
                                               std::to_string(blocks));
}

std::int64_t cpu_bitpar_distance(std::string_view a, std::string_view b, const Band& band, int blocks,
                                 std::uint64_t* cells, const Cancellation* cancel) {
  return blocks == 8 ? stripes_distance<8>(a, b, band, cells, cancel) : stripes_distance<4>(a, b, band, cells, cancel);
}

SymbolCodes symbol_codes(std::string_view a, std::string_view b, unsigned threads) {
  // Slices of 1 MiB or more of the two strings end to end, each with its own table; short
  // strings (cpu-bitpar's pairs of a batch) on the caller alone, without asking how many
  // threads there are.
  constexpr std::size_t kLeastSlice = std::size_t{1} << 20;
  const std::size_t total = a.size() + b.size();
  const std::size_t slices = total < 2 * kLeastSlice ? 1 : slice_count(total, thread_count(threads), kLeastSlice);
  // Eight tables a slice, one for each byte of a word read at once: marks of one table, a
  // byte at a time, wait on each other's stores (8x slower, a pair of 334 kB 0.09 ms).
  using Tables = std::array<std::array<bool, 256>, 8>;
  std::vector<Tables> seen(slices);
  parallel_slices(total, slices, static_cast<unsigned>(slices), [&](std::size_t slice, std::size_t begin, std::size_t end) {
    Tables& mine = seen[slice];
    for (auto& table : mine) table.fill(false);
    const auto mark = [&mine](std::string_view part) {
      std::size_t i = 0;
      for (; i + 8 <= part.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, part.data() + i, 8);
        for (int k = 0; k < 8; ++k) mine[k][(word >> (8 * k)) & 0xff] = true;
      }
      for (; i < part.size(); ++i) mine[0][static_cast<unsigned char>(part[i])] = true;
    };
    if (begin < a.size()) mark(a.substr(begin, std::min(end, a.size()) - begin));
    if (end > a.size()) {
      const std::size_t from = std::max(begin, a.size()) - a.size();
      mark(b.substr(from, end - a.size() - from));
    }
  });
  std::array<bool, 256> all{};
  for (const Tables& mine : seen)
    for (const auto& table : mine)
      for (int c = 0; c < 256; ++c) all[c] = all[c] || table[c];
  return symbol_codes(all);
}

}  // namespace levcl::detail
