#include "engines/divergence.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "engines/anchored_bound.hpp"
#include "runtime/cpu_features.hpp"
#include "runtime/parallel.hpp"
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace levcl::detail {
namespace {

constexpr std::size_t kWindow = 256;    // bytes of a that a window compares
constexpr std::size_t kWindows = 64;    // spread over the whole length
constexpr std::size_t kShortest = 64;   // shorter strings are too short to tell, and to matter
// A window is placed by seeds: kSeeds substrings of kSeed bytes spread over it, looked up in
// b. One of 8 survives 10% of edits with odds of 93%, 30% with odds of 10%.
constexpr std::size_t kSeeds = 8;
constexpr std::size_t kFarSeeds = 3;  // tried beyond a window's length off its expected place
constexpr std::size_t kReach = 16384;  // how far off its expected place a seed is looked for
constexpr std::size_t kProbes = 4;     // windows that look that far after the last placed one, then one in as many
constexpr double kPlaced = 1.0 / 4;    // the most edits per byte of a window its seed placed
// Windows whose distance nothing after them waits on (their seeds placed none) are compared
// on the host's threads once there are this many: a divergent pair's are most of its sample.
constexpr std::size_t kParallelWindows = 8;

// Myers' bit vectors of a window: W words of 64 rows (Hyyrö's blocks), the carry each
// word takes from the one above, and the bottom row's score.
template <std::size_t W>
struct WindowBits {
  std::uint64_t pv[W], mv[W];
  std::uint64_t carry_p[W + 1] = {}, carry_m[W + 1] = {};  // into word b: +1, -1 (word 0's: 0, the top row)
  std::int64_t score, best;
};

#if defined(__x86_64__)
// Steps [from, to) of a window of four words whose every word's column lies in y: the words
// in the four lanes of an AVX2 vector (as infix_distance's scalar steps, lane by lane).
__attribute__((target("avx2"))) void steps_avx2(const std::uint64_t (*peq)[4], const unsigned char* y, std::size_t from,
                                                std::size_t to, unsigned last_bit, WindowBits<4>& bits) {
  __m256i pv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bits.pv));
  __m256i mv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bits.mv));
  __m256i cp = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bits.carry_p));
  __m256i cm = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bits.carry_m));
  const __m256i ones = _mm256_set1_epi64x(-1), one = _mm256_set1_epi64x(1), zero = _mm256_setzero_si256();
  const __m256i outs = _mm256_set_epi64x(last_bit, 63, 63, 63);
  __m256i score = _mm256_set1_epi64x(bits.score), best = _mm256_set1_epi64x(bits.best);  // lane 3's
  for (std::size_t t = from; t < to; ++t) {
    __m256i eq = _mm256_set_epi64x(static_cast<long long>(peq[y[t - 3]][3]), static_cast<long long>(peq[y[t - 2]][2]),
                                   static_cast<long long>(peq[y[t - 1]][1]), static_cast<long long>(peq[y[t]][0]));
    const __m256i xv = _mm256_or_si256(eq, mv);
    eq = _mm256_or_si256(eq, cm);
    const __m256i xh =
        _mm256_or_si256(_mm256_xor_si256(_mm256_add_epi64(_mm256_and_si256(eq, pv), pv), pv), eq);
    __m256i ph = _mm256_or_si256(mv, _mm256_xor_si256(_mm256_or_si256(xh, pv), ones));
    __m256i mh = _mm256_and_si256(pv, xh);
    const __m256i hp = _mm256_and_si256(_mm256_srlv_epi64(ph, outs), one);
    const __m256i hm = _mm256_and_si256(_mm256_srlv_epi64(mh, outs), one);
    ph = _mm256_or_si256(_mm256_slli_epi64(ph, 1), cp);
    mh = _mm256_or_si256(_mm256_slli_epi64(mh, 1), cm);
    pv = _mm256_or_si256(mh, _mm256_xor_si256(_mm256_or_si256(xv, ph), ones));
    mv = _mm256_and_si256(ph, xv);
    score = _mm256_add_epi64(score, _mm256_sub_epi64(hp, hm));
    best = _mm256_blendv_epi8(best, score, _mm256_cmpgt_epi64(best, score));
    // Each lane's carry out goes to the lane below, for the same column at the next step.
    cp = _mm256_blend_epi32(_mm256_permute4x64_epi64(hp, _MM_SHUFFLE(2, 1, 0, 0)), zero, 0x03);
    cm = _mm256_blend_epi32(_mm256_permute4x64_epi64(hm, _MM_SHUFFLE(2, 1, 0, 0)), zero, 0x03);
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(bits.pv), pv);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(bits.mv), mv);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(bits.carry_p), cp);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(bits.carry_m), cm);
  bits.score = _mm256_extract_epi64(score, 3);
  bits.best = _mm256_extract_epi64(best, 3);
}
#endif

// The edit distance of x (at most kWindow bytes: W words) against the substring of y it
// matches best (free gaps at both ends of y): a column per byte of y, the top row 0
// everywhere so that a match may start at any column. Word b takes column t - b at step t,
// so a step's W words wait on none of each other (each takes the carry the word above left
// it the step before), and the horizontal deltas are bits, not branches: a divergent
// window's random deltas cost no mispredictions. Four words go as one AVX2 vector where the
// processor has it.
template <std::size_t W>
std::int64_t infix_distance(std::string_view x, std::string_view y) {
  std::uint64_t peq[256][W] = {};
  for (std::size_t i = 0; i < x.size(); ++i) peq[static_cast<unsigned char>(x[i])][i / 64] |= std::uint64_t{1} << (i % 64);
  WindowBits<W> bits;
  for (std::size_t b = 0; b < W; ++b) bits.pv[b] = ~std::uint64_t{0}, bits.mv[b] = 0;  // column 0: D[i][0] = i
  bits.score = bits.best = static_cast<std::int64_t>(x.size());
  const unsigned last_bit = static_cast<unsigned>((x.size() - 1) % 64);
  const auto step = [&](std::size_t b, std::size_t j) {
    const std::uint64_t hp = bits.carry_p[b], hm = bits.carry_m[b];
    std::uint64_t eq = peq[static_cast<unsigned char>(y[j])][b];
    const std::uint64_t xv = eq | bits.mv[b];
    eq |= hm;
    const std::uint64_t xh = (((eq & bits.pv[b]) + bits.pv[b]) ^ bits.pv[b]) | eq;
    std::uint64_t ph = bits.mv[b] | ~(xh | bits.pv[b]);
    std::uint64_t mh = bits.pv[b] & xh;
    const unsigned out = b + 1 == W ? last_bit : 63;
    bits.carry_p[b + 1] = (ph >> out) & 1;
    bits.carry_m[b + 1] = (mh >> out) & 1;
    ph = (ph << 1) | hp;
    mh = (mh << 1) | hm;
    bits.pv[b] = mh | ~(xv | ph);
    bits.mv[b] = ph & xv;
    if (b + 1 == W) {
      bits.score += static_cast<std::int64_t>(bits.carry_p[W]) - static_cast<std::int64_t>(bits.carry_m[W]);
      bits.best = std::min(bits.best, bits.score);
    }
  };
  // Words from the last down, so that each reads its carry before the word above replaces it.
  const std::size_t n = y.size();
  for (std::size_t t = 0; t < n + W - 1; ++t) {
#if defined(__x86_64__)
    if constexpr (W == 4) {
      if (t == W - 1 && t < n && has_avx2()) {
        steps_avx2(peq, reinterpret_cast<const unsigned char*>(y.data()), t, n, last_bit, bits);
        t = n - 1;
        continue;
      }
    }
#endif
    if (t >= W - 1 && t < n) {
      for (std::size_t b = W; b-- > 0;) step(b, t - b);
    } else {
      for (std::size_t b = W; b-- > 0;)
        if (t >= b && t - b < n) step(b, t - b);
    }
  }
  return bits.best;
}

static_assert(kWindow <= 4 * 64, "a window is at most four words of infix_distance");
std::int64_t infix_distance(std::string_view x, std::string_view y) {
  switch ((x.size() + 63) / 64) {
    case 1: return infix_distance<1>(x, y);
    case 2: return infix_distance<2>(x, y);
    case 3: return infix_distance<3>(x, y);
    default: return infix_distance<4>(x, y);
  }
}

}  // namespace

#if defined(__x86_64__)
namespace {
// find_seed's scan 32 places at a time, from `at` while 35 bytes remain: the first place
// found, or null with `at` where the scan stopped.
__attribute__((target("avx2"))) const char* scan_avx2(const char* hay, std::size_t size, const char* seed,
                                                      std::size_t& at) {
  const __m256i first0 = _mm256_set1_epi8(seed[0]), first1 = _mm256_set1_epi8(seed[1]);
  const __m256i first2 = _mm256_set1_epi8(seed[2]), first3 = _mm256_set1_epi8(seed[3]);
  for (; at + 32 + 3 <= size; at += 32) {
    const char* p = hay + at;
    const __m256i four = _mm256_and_si256(
        _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), first0),
                         _mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1)), first1)),
        _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2)), first2),
                         _mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 3)), first3)));
    for (unsigned places = static_cast<unsigned>(_mm256_movemask_epi8(four)); places != 0; places &= places - 1) {
      const std::size_t place = at + static_cast<std::size_t>(__builtin_ctz(places));
      if (place + kSeed <= size && std::memcmp(hay + place + 4, seed + 4, kSeed - 4) == 0) return hay + place;
    }
  }
  return nullptr;
}
}  // namespace
#endif

// The first place of a seed (kSeed bytes) in hay[0, size), or null: memmem's answer, 32
// places at a time with AVX2, else 16 with SSE2: their first four bytes compared at once,
// the rest only where those match (glibc's memmem was 60% of a divergent pair's sample).
const char* find_seed(const char* hay, std::size_t size, const char* seed) {
  std::size_t at = 0;
#if defined(__x86_64__)
  if (has_avx2())
    if (const char* found = scan_avx2(hay, size, seed, at)) return found;
  const __m128i first[4] = {_mm_set1_epi8(seed[0]), _mm_set1_epi8(seed[1]), _mm_set1_epi8(seed[2]), _mm_set1_epi8(seed[3])};
  const auto equal = [&](int k) {
    return _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hay + at + k)), first[k]);
  };
  for (; at + 16 + 3 <= size; at += 16) {
    const __m128i four = _mm_and_si128(_mm_and_si128(equal(0), equal(1)), _mm_and_si128(equal(2), equal(3)));
    for (unsigned places = static_cast<unsigned>(_mm_movemask_epi8(four)); places != 0; places &= places - 1) {
      const std::size_t place = at + static_cast<std::size_t>(__builtin_ctz(places));
      if (place + kSeed <= size && std::memcmp(hay + place + 4, seed + 4, kSeed - 4) == 0) return hay + place;
    }
  }
#endif
  return static_cast<const char*>(::memmem(hay + at, size - at, seed, kSeed));
}

namespace {

// Where in b the window a[at, at + w) lies: a seed of it found near `expected` (its place on
// the diagonal, moved by the drift the windows before it found), looked for in regions
// that widen up to `farthest` (from a window's length: a similar pair's seeds are found
// after a few hundred bytes) (seeded); else `expected`. Every seed near, a few far: a
// window of a divergent region, whose seeds are all edited, costs little.
struct Place {
  std::size_t at;
  bool seeded;
};
Place place_in(std::string_view a, std::string_view b, std::size_t at, std::size_t w, std::size_t expected,
               std::size_t farthest) {
  for (std::size_t reach = w; reach <= farthest; reach *= 8) {
    const std::size_t from = expected > reach ? expected - reach : 0;
    const std::size_t to = std::min(b.size(), expected + w + reach);
    if (to <= from) break;
    const std::size_t seeds = reach == w ? kSeeds : kFarSeeds;
    for (std::size_t s = 0; s < seeds && (s + 1) * kSeed <= w; ++s) {
      const std::size_t offset = s * (w - kSeed) / std::max<std::size_t>(1, kSeeds - 1);
      const char* found = find_seed(b.data() + from, to - from, a.data() + at + offset);
      if (found) {
        const std::size_t seed_at = static_cast<std::size_t>(static_cast<const char*>(found) - b.data());
        return {seed_at > offset ? seed_at - offset : 0, true};
      }
    }
  }
  return {std::min(expected, b.size()), false};
}

std::optional<Sampled> take_sample(std::string_view a, std::string_view b) {
  const std::size_t shorter = std::min(a.size(), b.size());
  if (shorter < kShortest) return std::nullopt;
  const std::size_t w = std::min(kWindow, shorter), windows = std::clamp<std::size_t>(shorter / w, 1, kWindows);
  Sampled sampled;
  double total = 0;
  std::int64_t drift = 0;  // where the last window placed by its seeds lay in b, less its place in a
  bool placed_before = false;
  std::size_t placed_at = 0;  // that window's place in a
  // The last jump of more than a window, while the drift has not come back from it: a
  // moved block (or a chance placement) when it does. None while jump is 0.
  struct Detour {
    std::int64_t from_drift = 0;
    std::size_t from_at = 0;  // the last window placed before the jump
    double jump = 0;
  } detour;
  std::size_t misses = 0;  // windows since the last placed one (or since the first)
  // Each window's distance per byte. A seeded window's decides whether it is placed, and so
  // where the next ones look; an unseeded one's is only summed, so it waits for the end.
  std::vector<double> fractions(windows, 0.0);
  struct Unseeded {
    std::size_t k, at, from, to;
  };
  std::vector<Unseeded> unseeded;
  for (std::size_t k = 0; k < windows; ++k) {
    const std::size_t at = static_cast<std::size_t>(static_cast<double>(a.size() - w) * (static_cast<double>(k) + 0.5) /
                                                    static_cast<double>(windows));
    // Expected: on the diagonal of the lengths' ratio until a window is placed, then at the
    // last drift (related strings align at slope one between indels).
    const auto expected = placed_before ? static_cast<std::int64_t>(at) + drift
                                        : static_cast<std::int64_t>(static_cast<double>(at) * static_cast<double>(b.size()) /
                                                                    static_cast<double>(a.size()));
    // Far within a few windows of a placed one (or of the first), then at every few: a
    // divergent pair places few, and most of its windows stop after a few hundred bytes,
    // while a similar one finds its drift again after an indel.
    const std::size_t farthest = misses % kProbes == 0 || misses < kProbes ? kReach : w;
    const Place place = place_in(a, b, at, w, static_cast<std::size_t>(std::max<std::int64_t>(0, expected)), farthest);
    // The window against b around its place, with room for the edits inside it: a quarter
    // of the window each side of a seeded place, a window's length each side of a guess.
    const std::size_t room = place.seeded ? w / 4 : w;
    const std::size_t from = place.at > room ? place.at - room : 0, to = std::min(b.size(), place.at + w + room);
    // A window found whole at its place is at distance 0 without bit vectors: most of a
    // similar pair's are.
    const bool whole = place.at + w <= b.size() && std::memcmp(a.data() + at, b.data() + place.at, w) == 0;
    if (!whole && !place.seeded) {
      unseeded.push_back({k, at, from, to});
      ++misses;
      continue;
    }
    const double fraction =
        whole ? 0.0
              : static_cast<double>(infix_distance(a.substr(at, w), b.substr(from, to - from))) / static_cast<double>(w);
    fractions[k] = fraction;
    // Placed: its seed was no chance match (12 bytes match by chance in a divergent pair).
    ++misses;
    if (place.seeded && fraction <= kPlaced) {
      misses = 0;
      const std::int64_t off = static_cast<std::int64_t>(place.at) - static_cast<std::int64_t>(at);
      const double jump = static_cast<double>(std::abs(off - drift));
      const double left = static_cast<double>(std::abs(off - detour.from_drift));
      if (left < detour.jump / 2) {
        // Back near the drift before the last jump: the stretch of a between costs at most
        // its length twice over (deleted, and inserted where it went), however far it moved.
        const double span = static_cast<double>(at - detour.from_at);
        sampled.jumps += std::max(0.0, std::min(detour.jump + jump, 2 * span + left) - detour.jump);
        detour = Detour{};
      } else if (placed_before) {
        sampled.jumps += jump;
        if (jump > static_cast<double>(w)) detour = Detour{drift, placed_at, jump};
      }
      drift = off;
      placed_before = true;
      placed_at = at;
    }
  }
  parallel_each(unseeded.size(), unseeded.size() >= kParallelWindows ? thread_count(0) : 1, [&](std::size_t u) {
    const Unseeded& x = unseeded[u];
    fractions[x.k] = static_cast<double>(infix_distance(a.substr(x.at, w), b.substr(x.from, x.to - x.from))) /
                     static_cast<double>(w);
  });
  for (const double fraction : fractions) total += fraction;  // in window order, as ever
  sampled.mean = total / static_cast<double>(windows);
  std::sort(fractions.begin(), fractions.end());
  sampled.spread = fractions[windows * 3 / 4] - fractions[windows / 4];
  sampled.median = fractions[windows / 2];
  return sampled;
}

}  // namespace

const std::optional<Sampled>& DivergenceSample::sampled() const {
  if (!taken_) {
    sampled_ = take_sample(a_, b_);
    taken_ = true;
  }
  return sampled_;
}

std::optional<double> DivergenceSample::divergence(double max_fraction) const {
  const std::optional<Sampled>& found = sampled();
  if (!found || found->mean > max_fraction) return std::nullopt;
  return found->mean;
}

std::int64_t DivergenceSample::anchored_bound() const {
  if (!bound_) bound_ = levcl::detail::anchored_bound(a_, b_);
  return *bound_;
}

void DivergenceSample::take_with_cheap_bound() const {
  if (taken_ || bound_ || std::max(a_.size(), b_.size()) > static_cast<std::size_t>(kCheaplyAnchored)) {
    sampled();
    return;
  }
  parallel_each(2, 2, [this](std::size_t k) {
    if (k == 0)
      sampled();
    else
      anchored_bound();
  });
}

bool DivergenceSample::anchoring_pays() const {
  const double longest = static_cast<double>(std::max(a_.size(), b_.size()));
  if (estimated_distance() > kAnchoredFraction * longest) return false;
  if (longest <= static_cast<double>(kCheaplyAnchored)) return true;
  const std::optional<Sampled>& found = sampled();
  return found && (found->spread > kSpread * found->median + kFewEdits || found->mean > kAbove * found->median + kFewEdits ||
                   found->jumps > kJumps * longest + kFewJumps);
}

double DivergenceSample::estimated_distance() const {
  const double m = static_cast<double>(a_.size()), n = static_cast<double>(b_.size());
  const auto mean = divergence(std::numeric_limits<double>::infinity());
  return std::max(std::abs(m - n), mean ? *mean * std::max(m, n) + sampled_->jumps : std::max(m, n) / 3);
}

}  // namespace levcl::detail
