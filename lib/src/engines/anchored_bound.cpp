#include "engines/anchored_bound.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "engines/bitpar/bitpar.hpp"
#include "engines/divergence.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

constexpr auto kSeedBytes = static_cast<std::int64_t>(kSeed);
constexpr std::int64_t kSeeds = 8;        // seeds tried at an anchor, kSeedStep bytes apart
constexpr std::int64_t kSeedStep = 16;
constexpr std::int64_t kNear = 256;       // how far off its expected place a seed is looked for first
constexpr std::int64_t kFar = 65536;      // and at the farthest, after misses (an indel, a moved block)
constexpr std::int64_t kProbes = 4;       // misses before each search that far
constexpr std::int64_t kChunk = 32;       // windows a thread anchors after the first's found
constexpr std::int64_t kAgree = 32;       // bytes within which two far seeds agree on their place
constexpr std::int64_t kBandSlack = 128;  // diagonals a window's band holds beyond its piece's length difference

// Where a[at ..] lies in b near `expected`: the first of its seeds found within kNear (a
// chance match there has odds of 3·10^-5 in DNA), or where two seeds agree further off
// (one alone there may be chance); -1 where none.
std::int64_t anchor_near(std::string_view a, std::string_view b, std::int64_t at, std::int64_t expected, bool far) {
  const auto m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  for (std::int64_t reach = kNear; reach <= (far ? kFar : kNear); reach *= 16) {
    const std::int64_t from = std::max<std::int64_t>(0, expected - reach), to = std::min(n, expected + reach + kSeedBytes);
    if (to - from < kSeedBytes) continue;
    std::int64_t single = -1;
    for (std::int64_t s = 0; s < kSeeds && at + s * kSeedStep + kSeedBytes <= m; ++s) {
      const std::int64_t offset = s * kSeedStep;
      const char* found = find_seed(b.data() + from, static_cast<std::size_t>(to - from), a.data() + at + offset);
      if (!found) continue;
      const std::int64_t place = (found - b.data()) - offset;
      if (reach == kNear || (single >= 0 && std::llabs(place - single) <= kAgree)) return place;
      if (single < 0) single = place;
    }
  }
  return -1;
}

// The windows whose places are kept (the longest run of found places that never go back in
// b), with window 0 (at 0) first and `found.size()` (at the end) last.
std::vector<std::int64_t> in_order(const std::vector<std::int64_t>& found) {
  // Patience sorting: for each length of run, the least last place of one (tails) and its
  // window (tail_of); each window's place before it in its run.
  std::vector<std::int64_t> tails, tail_of, before(found.size(), -1);
  for (std::size_t k = 1; k < found.size(); ++k) {
    if (found[k] < 0) continue;
    const auto at = std::upper_bound(tails.begin(), tails.end(), found[k]) - tails.begin();
    if (at > 0) before[k] = tail_of[static_cast<std::size_t>(at - 1)];
    if (at == static_cast<std::ptrdiff_t>(tails.size())) {
      tails.push_back(found[k]);
      tail_of.push_back(static_cast<std::int64_t>(k));
    } else {
      tails[static_cast<std::size_t>(at)] = found[k];
      tail_of[static_cast<std::size_t>(at)] = static_cast<std::int64_t>(k);
    }
  }
  std::vector<std::int64_t> kept{static_cast<std::int64_t>(found.size())};
  for (std::int64_t k = tail_of.empty() ? -1 : tail_of.back(); k > 0; k = before[static_cast<std::size_t>(k)]) kept.push_back(k);
  kept.push_back(0);
  std::reverse(kept.begin(), kept.end());
  return kept;
}

}  // namespace

std::int64_t anchored_bound(std::string_view a, std::string_view b) {
  const auto m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  const std::int64_t windows = (m + kAnchorWindow - 1) / kAnchorWindow;
  if (windows < 2) return std::max(m, n);
  // Each window's start found in b by its seeds, expected at the last one found's drift (on
  // the lengths' diagonal before the first); -1: not found. First the start of every
  // kChunk-th window, in order, each searched far where it is not near; then the windows
  // between, a chunk a thread from the drift at its start, far searches only every kProbes
  // misses, so that a divergent stretch, whose seeds are all edited, costs little (the far
  // searches were most of a 3 Mbp mosaic pair's 20 ms on one thread; the chunks are the same
  // whatever the threads, and so the bound).
  std::vector<std::int64_t> found(static_cast<std::size_t>(windows), -1);
  const std::int64_t chunks = (windows + kChunk - 1) / kChunk;
  struct Start {
    std::int64_t drift = 0;
    bool anchored = false;
  };
  std::vector<Start> starts(static_cast<std::size_t>(chunks));
  const auto expected = [&](const Start& from, std::int64_t at) { return from.anchored ? at + from.drift : at * n / m; };
  const auto take = [&](Start& into, std::int64_t k, std::int64_t place) {
    found[static_cast<std::size_t>(k)] = place;
    if (place >= 0) into = {place - k * kAnchorWindow, true};
  };
  for (std::int64_t c = 1; c < chunks; ++c) {
    Start& start = starts[static_cast<std::size_t>(c)];
    start = starts[static_cast<std::size_t>(c - 1)];
    const std::int64_t at = c * kChunk * kAnchorWindow;
    take(start, c * kChunk, anchor_near(a, b, at, expected(start, at), true));
  }
  parallel_each(static_cast<std::size_t>(chunks), thread_count(0), [&](std::size_t c) {
    Start state = starts[c];
    const std::int64_t first = static_cast<std::int64_t>(c) * kChunk;
    std::int64_t misses = first == 0 || found[c * kChunk] >= 0 ? 0 : 1;
    for (std::int64_t k = std::max<std::int64_t>(1, first + (first > 0)); k < std::min(windows, first + kChunk); ++k) {
      const std::int64_t at = k * kAnchorWindow;
      const std::int64_t place = anchor_near(a, b, at, expected(state, at), misses % kProbes == 0);
      take(state, k, place);
      misses = place >= 0 ? 0 : misses + 1;
    }
  });
  // The anchors kept: the longest run of them in order in b as in a (a moved block's, found
  // where it went, would hold b's pieces between there and back), with (0, 0) and (m, n);
  // the windows between two kept anchors start in b as the line between them says.
  std::vector<std::int64_t> kept = in_order(found);
  std::vector<std::int64_t> ends(static_cast<std::size_t>(windows + 1), 0);
  ends.back() = n;
  for (std::size_t c = 0; c + 1 < kept.size(); ++c) {
    const std::int64_t k0 = kept[c], k1 = kept[c + 1];
    const std::int64_t p0 = ends[static_cast<std::size_t>(k0)], p1 = k1 == windows ? n : found[static_cast<std::size_t>(k1)];
    for (std::int64_t k = k0 + 1; k <= k1; ++k) ends[static_cast<std::size_t>(k)] = p0 + (p1 - p0) * (k - k0) / (k1 - k0);
  }
  std::vector<std::int64_t> costs(static_cast<std::size_t>(windows), 0);
  parallel_each(costs.size(), thread_count(0), [&](std::size_t k) {
    const std::int64_t from = static_cast<std::int64_t>(k) * kAnchorWindow, rows = std::min(kAnchorWindow, m - from);
    const std::int64_t columns = ends[k + 1] - ends[k];
    if (columns == 0) {
      costs[k] = rows;
      return;
    }
    const std::string_view x = a.substr(static_cast<std::size_t>(from), static_cast<std::size_t>(rows));
    const std::string_view y = b.substr(static_cast<std::size_t>(ends[k]), static_cast<std::size_t>(columns));
    std::uint64_t cells = 0;
    costs[k] = cpu_bitpar_distance(x, y, band_for(rows, columns, std::llabs(columns - rows) + kBandSlack),
                                   cpu_bitpar_blocks(4, rows), &cells);
  });
  std::int64_t bound = 0;
  for (const std::int64_t cost : costs) bound += cost;
  return bound;
}

}  // namespace levcl::detail
