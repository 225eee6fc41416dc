#include "engines/divergence.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace levcl::detail {
namespace {

constexpr std::size_t kWindow = 256;    // bytes of a that a window compares
constexpr std::size_t kWindows = 16;    // spread over the whole length
constexpr std::size_t kShortest = 64;   // shorter strings are too short to tell, and to matter
constexpr std::size_t kSeed = 20;      // bytes of a window looked up in b, to place it
constexpr std::size_t kSeeds = 3;      // tried per window: a divergent pair has none, and stops there
constexpr std::size_t kReach = 16384;  // how far off the diagonal a seed is looked for

// The edit distance of x against the substring of y it matches best (free gaps at both
// ends of y): Myers' bit vectors in blocks of 64 rows of x (Hyyrö), a column per byte of y,
// the top row 0 everywhere so that a match may start at any column.
std::int64_t infix_distance(std::string_view x, std::string_view y) {
  const std::size_t words = (x.size() + 63) / 64;
  std::vector<std::uint64_t> peq(256 * words, 0);
  for (std::size_t i = 0; i < x.size(); ++i) peq[static_cast<unsigned char>(x[i]) * words + i / 64] |= std::uint64_t{1} << (i % 64);
  std::vector<std::uint64_t> pv(words, ~std::uint64_t{0}), mv(words, 0);  // column 0: D[i][0] = i
  const unsigned last_bit = static_cast<unsigned>((x.size() - 1) % 64);
  std::int64_t score = static_cast<std::int64_t>(x.size()), best = score;
  for (const char c : y) {
    const std::uint64_t* eq_of = &peq[static_cast<unsigned char>(c) * words];
    int hin = 0;  // the top row's horizontal delta: 0, a match may start anywhere
    for (std::size_t b = 0; b < words; ++b) {
      std::uint64_t eq = eq_of[b];
      const std::uint64_t xv = eq | mv[b];
      if (hin < 0) eq |= 1;
      const std::uint64_t xh = (((eq & pv[b]) + pv[b]) ^ pv[b]) | eq;
      std::uint64_t ph = mv[b] | ~(xh | pv[b]);
      std::uint64_t mh = pv[b] & xh;
      const unsigned out = b + 1 == words ? last_bit : 63;
      const int hout = static_cast<int>((ph >> out) & 1) - static_cast<int>((mh >> out) & 1);
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      if (hin > 0) ph |= 1;
      pv[b] = mh | ~(xv | ph);
      mv[b] = ph & xv;
      hin = hout;
    }
    score += hin;
    best = std::min(best, score);
  }
  return best;
}

// Where in b the window a[at, at + w) lies: a seed of it found near its place on the
// diagonal, looked for in regions that widen up to kReach (large indels move it: E. coli K-12
// and DH1 drift up to 8 kb), so that a similar pair's seeds are found after a few hundred
// bytes (seeded), else that place.
struct Place {
  std::size_t at;
  bool seeded;
};
Place place_in(std::string_view a, std::string_view b, std::size_t at, std::size_t w) {
  const auto diagonal = static_cast<std::size_t>(static_cast<double>(at) * static_cast<double>(b.size()) /
                                                 static_cast<double>(a.size()));
  for (std::size_t reach = w; reach <= kReach; reach *= 8) {
    const std::size_t from = diagonal > reach ? diagonal - reach : 0;
    const std::size_t to = std::min(b.size(), diagonal + w + reach);
    if (to <= from) break;
    for (std::size_t s = 0; s < kSeeds && (s + 1) * kSeed <= w; ++s) {
      const std::size_t offset = s * (w - kSeed) / std::max<std::size_t>(1, kSeeds - 1);
      const void* found = ::memmem(b.data() + from, to - from, a.data() + at + offset, kSeed);
      if (found) {
        const std::size_t seed_at = static_cast<std::size_t>(static_cast<const char*>(found) - b.data());
        return {seed_at > offset ? seed_at - offset : 0, true};
      }
    }
  }
  return {std::min(diagonal, b.size()), false};
}

std::optional<double> sampled_mean(std::string_view a, std::string_view b) {
  const std::size_t shorter = std::min(a.size(), b.size());
  if (shorter < kShortest) return std::nullopt;
  const std::size_t w = std::min(kWindow, shorter), windows = std::clamp<std::size_t>(shorter / w, 1, kWindows);
  double total = 0;
  for (std::size_t k = 0; k < windows; ++k) {
    const std::size_t at = static_cast<std::size_t>(static_cast<double>(a.size() - w) * (static_cast<double>(k) + 0.5) /
                                                    static_cast<double>(windows));
    // The window against b around its place, with room for the edits inside it: a quarter
    // of the window each side of a seeded place, a window's length each side of a guess.
    const Place place = place_in(a, b, at, w);
    const std::size_t room = place.seeded ? w / 4 : w;
    const std::size_t from = place.at > room ? place.at - room : 0, to = std::min(b.size(), place.at + w + room);
    total += static_cast<double>(infix_distance(a.substr(at, w), b.substr(from, to - from))) / static_cast<double>(w);
  }
  return total / static_cast<double>(windows);
}

}  // namespace

std::optional<double> DivergenceSample::divergence(double max_fraction) const {
  if (!taken_) {
    mean_ = sampled_mean(a_, b_);
    taken_ = true;
  }
  if (!mean_ || *mean_ > max_fraction) return std::nullopt;
  return mean_;
}

double DivergenceSample::estimated_distance() const {
  const double m = static_cast<double>(a_.size()), n = static_cast<double>(b_.size());
  constexpr double most = 1.0 / 3;
  return std::max(std::abs(m - n), divergence(most).value_or(most) * std::max(m, n));
}

}  // namespace levcl::detail
