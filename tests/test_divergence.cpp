// The estimate of a pair's distance from samples of it (lib/src/engines/divergence.hpp),
// which auto's choice and bitpar's first band read, on the pairs it must judge: evenly
// mutated ones, and mosaic ones (levcl/synthetic.hpp) that imitate related genomes, with
// segments of their own divergence, indels of kilobases and a moved block. The upper bound
// from anchored windows (lib/src/engines/anchored_bound.hpp), bitpar's first band where the
// estimate may mislead it: never below the distance. And the lower bound from symbol counts
// (lib/src/engines/symbol_counts.hpp), by which the wavefront trial skips pairs: never above
// the distance.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engines/anchored_bound.hpp"
#include "engines/divergence.hpp"
#include "engines/symbol_counts.hpp"
#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"

namespace {

double estimate(const levcl::StringPair& p) { return levcl::detail::DivergenceSample(p.a, p.b).estimated_distance(); }

// The distance by the CPU bit vectors: exact, and quick on these lengths.
std::int64_t distance(levcl::Context& context, const levcl::StringPair& p) {
  return context.distance(p.a, p.b, "cpu-bitpar").distance;
}

}  // namespace

TEST_CASE("mosaic pairs: one seed, one pair; the similarity asked for, plus indels and a moved block") {
  const auto p = levcl::mosaic_pair(200000, 0.95, 3), q = levcl::mosaic_pair(200000, 0.95, 3);
  CHECK(p.a == q.a);
  CHECK(p.b == q.b);
  CHECK(p.a.size() == 200000);
  CHECK(levcl::mosaic_pair(200000, 0.95, 4).b != p.b);
  levcl::Context context("cpu");
  const double d = static_cast<double>(distance(context, p));
  // 5% of edits, about 0.9 of them in the distance, plus 1-2% for the moved block and a
  // few indels.
  CHECK(d > 0.035 * 200000);
  CHECK(d < 0.12 * 200000);
  // The short ones stay well formed.
  for (const std::size_t length : {0, 1, 63, 200})
    CHECK(levcl::mosaic_pair(length, 0.9, 1).a.size() == length);
}

TEST_CASE("the estimate: within 15% on evenly mutated pairs, never far below on mosaic ones") {
  levcl::Context context("cpu");
  for (const double similarity : {0.7, 0.9, 0.97, 0.99}) {
    CAPTURE(similarity);
    const auto even = levcl::synthetic_pair(300000, similarity, 11);
    const double d_even = static_cast<double>(distance(context, even));
    CHECK(estimate(even) > 0.85 * d_even);
    CHECK(estimate(even) < 1.15 * d_even);
    // Mosaic: the indels' and the moved block's edits show as jumps of the windows' places,
    // not in any window; an estimate too low would cost bitpar a second band.
    const auto mosaic = levcl::mosaic_pair(300000, similarity, 11);
    const double d_mosaic = static_cast<double>(distance(context, mosaic));
    CHECK(estimate(mosaic) > 0.9 * d_mosaic);
    CHECK(estimate(mosaic) < 2.5 * d_mosaic);
  }
}

TEST_CASE("the estimate of unrelated strings: near their distance, which a quarter more holds (bitpar's first band)") {
  levcl::Context context("cpu");
  for (const std::string alphabet : {"ACGT", "ACDEFGHIKLMNPQRSTVWY"}) {
    CAPTURE(alphabet);
    const auto p = levcl::mosaic_pair(100000, 0.5, 1, alphabet), q = levcl::mosaic_pair(100000, 0.5, 2, alphabet);
    const levcl::StringPair unrelated{p.a, q.a};
    const double d = static_cast<double>(distance(context, unrelated)), e = estimate(unrelated);
    CHECK(e > 0.8 * d);
    CHECK(1.25 * e + 64 >= d);
  }
}

TEST_CASE("the anchored bound: never below the distance, near it on evenly mutated pairs and on mosaic ones") {
  levcl::Context context("cpu");
  for (const std::size_t length : {50000, 200000})
    for (const double similarity : {0.5, 0.8, 0.9, 0.99, 0.999})
      for (const std::uint64_t seed : {1, 2}) {
        CAPTURE(length);
        CAPTURE(similarity);
        CAPTURE(seed);
        const auto even = levcl::synthetic_pair(length, similarity, seed);
        const std::int64_t d_even = distance(context, even), bound_even = levcl::detail::anchored_bound(even.a, even.b);
        CHECK(bound_even >= d_even);
        if (similarity >= 0.8) CHECK(bound_even <= 1.1 * static_cast<double>(d_even) + 64);
        // Indels of kilobases and a moved block: a window's anchor lost for a while, a
        // block's found where it went and dropped (the sample's estimate was 3.6 times the
        // distance of a 3 Mbp mosaic pair at 93%; this bound 1.02 times).
        const auto mosaic = levcl::mosaic_pair(length, similarity, seed);
        const std::int64_t d_mosaic = distance(context, mosaic);
        const std::int64_t bound_mosaic = levcl::detail::anchored_bound(mosaic.a, mosaic.b);
        CHECK(bound_mosaic >= d_mosaic);
        CHECK(bound_mosaic <= 2.5 * static_cast<double>(d_mosaic) + 64);
      }
}

TEST_CASE("a sample's anchored bound: the pair's, computed once and shared by what reads the sample") {
  const auto p = levcl::mosaic_pair(100000, 0.93, 5);
  const levcl::detail::DivergenceSample sample(p.a, p.b);
  const std::int64_t bound = sample.anchored_bound();
  CHECK(bound == levcl::detail::anchored_bound(p.a, p.b));
  CHECK(sample.anchored_bound() == bound);
  levcl::Context context("cpu");
  CHECK(bound >= distance(context, p));
}

TEST_CASE("a short pair's sample and bound taken at once: the same as taken one after the other") {
  // Short (both threads) and long (the sample alone, the bound when first read), similar and divergent.
  for (const std::size_t length : {std::size_t{10000}, std::size_t{70000}})
    for (const double similarity : {0.8, 0.95}) {
      CAPTURE(length);
      CAPTURE(similarity);
      const auto p = levcl::mosaic_pair(length, similarity, 9);
      const levcl::detail::DivergenceSample together(p.a, p.b), apart(p.a, p.b);
      together.take_with_cheap_bound();
      CHECK(together.estimated_distance() == apart.estimated_distance());
      CHECK(together.anchored_bound() == apart.anchored_bound());
      CHECK(together.anchoring_pays() == apart.anchoring_pays());
    }
}

TEST_CASE("the anchored bound pays where the windows are uneven or the pair short, not on evenly mutated or divergent pairs") {
  const auto pays = [](const levcl::StringPair& p) { return levcl::detail::DivergenceSample(p.a, p.b).anchoring_pays(); };
  for (const std::uint64_t seed : {1, 2, 3}) {
    CAPTURE(seed);
    for (const double similarity : {0.8, 0.9, 0.93, 0.95, 0.99, 0.999}) {
      CAPTURE(similarity);
      CHECK_FALSE(pays(levcl::synthetic_pair(1000000, similarity, seed)));
      CHECK(pays(levcl::synthetic_pair(20000, similarity, seed)));  // short: next to nothing
    }
    for (const double similarity : {0.9, 0.93, 0.95}) {
      CAPTURE(similarity);
      CHECK(pays(levcl::mosaic_pair(3000000, similarity, seed)));
    }
    CHECK_FALSE(pays(levcl::synthetic_pair(1000000, 0.5, seed)));  // a band of half the matrix either way
  }
}

TEST_CASE("the anchored bound: edge cases, never below the distance") {
  levcl::Context context("cpu");
  std::string all_bytes;
  for (int v = 0; v < 256; ++v) all_bytes.push_back(static_cast<char>(v));
  const auto check = [&](const std::string& a, const std::string& b) {
    CAPTURE(a.size());
    CAPTURE(b.size());
    const std::int64_t bound = levcl::detail::anchored_bound(a, b);
    CHECK(bound >= context.distance(a, b, "cpu-bitpar").distance);
    CHECK(bound <= static_cast<std::int64_t>(std::max(a.size(), b.size())) + static_cast<std::int64_t>(std::min(a.size(), b.size())));
  };
  check("", "");
  check("", "ACGT");
  check("ACGT", "");
  check(std::string(5000, 'A'), "");
  check("", std::string(5000, 'A'));
  const auto p = levcl::synthetic_pair(20000, 0.9, 7);
  CHECK(levcl::detail::anchored_bound(p.a, p.a) == 0);
  // Around the windows' length: one window, two, their bounds.
  const std::int64_t w = levcl::detail::kAnchorWindow;
  for (const std::int64_t length : {w - 1, w, w + 1, 2 * w - 1, 2 * w, 2 * w + 1, 3 * w + 1})
    for (const double similarity : {0.5, 0.95}) {
      const auto q = levcl::synthetic_pair(static_cast<std::size_t>(length), similarity, static_cast<std::uint64_t>(length));
      check(q.a, q.b);
    }
  CHECK(levcl::detail::anchored_bound(std::string(static_cast<std::size_t>(w), 'A'), "AC") == w);  // one window: the longer length
  // Lengths far apart, unrelated strings, every byte value.
  const auto short_one = levcl::synthetic_pair(3000, 0.9, 3);
  check(p.a, short_one.b);
  check(short_one.a, p.b);
  check(levcl::synthetic_pair(30000, 0.9, 4, all_bytes).a, levcl::synthetic_pair(25000, 0.9, 5, all_bytes).b);
  check(levcl::synthetic_pair(30000, 0.5, 4).a, levcl::synthetic_pair(30000, 0.5, 5).a);
}

TEST_CASE("symbol counts: a bound never above the distance, and equal to it where only counts differ") {
  levcl::Context context("cpu");
  std::mt19937_64 rng(5);
  std::string all_bytes;
  for (int v = 0; v < 256; ++v) all_bytes.push_back(static_cast<char>(v));
  std::vector<std::string> owned = {"", "A", "C", "AAAA", "CCCC", "ACGT", "TGCA", all_bytes, std::string(300, 'N')};
  for (const std::string& alphabet : std::vector<std::string>{"AC", "ACGT", "ACGTN", all_bytes})
    for (const std::size_t length : {1, 63, 64, 65, 500, 3000})
      for (const double similarity : {0.5, 0.9, 0.99}) {
        const auto p = levcl::synthetic_pair(length, similarity, length + owned.size(), alphabet);
        owned.push_back(p.a);
        owned.push_back(p.b);
        // A run of unknown bases, as sequencing leaves in genomes.
        owned.push_back(p.b.substr(0, p.b.size() / 3) + std::string(p.b.size() / 4, 'N') + p.b.substr(p.b.size() / 2));
      }
  const std::vector<std::string_view> strings(owned.begin(), owned.end());
  const levcl::detail::SymbolCounts counts(strings, 2);
  std::int64_t tight = 0, pairs = 0;
  for (std::uint32_t a = 0; a < strings.size(); ++a)
    for (std::uint32_t b = a; b < strings.size(); b += 1 + static_cast<std::uint32_t>(rng() % 7)) {
      CAPTURE(a);
      CAPTURE(b);
      const std::int64_t least = counts.least_distance(a, b);
      const std::int64_t d = context.distance(strings[a], strings[b], "cpu-bitpar").distance;
      CHECK(least == counts.least_distance(b, a));
      CHECK(least >= std::abs(static_cast<std::int64_t>(strings[a].size()) - static_cast<std::int64_t>(strings[b].size())));
      CHECK(least <= d);
      tight += least == d;
      ++pairs;
    }
  CHECK(tight > 0);
  CHECK(counts.least_distance(3, 4) == 4);  // AAAA, CCCC: four substitutions
  CHECK(counts.least_distance(0, 7) == 256);  // nothing and every byte value
  CHECK(counts.least_distance(5, 6) == 0);  // ACGT, TGCA: counts alike, distance 4
  CHECK(counts.least_distance(0, 0) == 0);
}
