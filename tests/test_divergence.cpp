// The estimate of a pair's distance from samples of it (lib/src/engines/divergence.hpp),
// which auto's choice and bitpar's first band read, on the pairs it must judge: evenly
// mutated ones, and mosaic ones (levcl/synthetic.hpp) that imitate related genomes, with
// segments of their own divergence, indels of kilobases and a moved block.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "engines/divergence.hpp"
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
