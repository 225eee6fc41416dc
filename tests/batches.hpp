// Batches for the tests of Context::distances (test_distances) and of the batch_bitpar
// family (test_batch_bitpar): pairs as views, their cpu-dp distances, and a batch with every
// size class of the batch engine.
#pragma once

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "exactness.hpp"
#include "levcl/levcl.hpp"

namespace levcl::test {

inline std::vector<levcl::PairView> views(const std::vector<Pair>& pairs) {
  std::vector<levcl::PairView> out;
  for (const auto& [a, b] : pairs) out.push_back({a, b});
  return out;
}

// cpu-dp's distances, -1 above k when k >= 0.
inline std::vector<std::int64_t> reference(levcl::Context& context, const std::vector<Pair>& pairs,
                                           std::int64_t k = -1) {
  std::vector<std::int64_t> out;
  for (const auto& [a, b] : pairs) {
    const std::int64_t d = context.distance(a, b, "cpu-dp").distance;
    out.push_back(k >= 0 && d > k ? -1 : d);
  }
  return out;
}

// Every size class of batch-bitpar (1 to 8 blocks of 32 rows, and many stripes of 8
// blocks), in one batch with the edge cases.
inline std::vector<Pair> mixed_pairs() {
  auto pairs = edge_cases({32, 64, 128, 256, 512, 1024, 2048});
  const auto random = random_pairs(120, 1500, 5);
  pairs.insert(pairs.end(), random.begin(), random.end());
  std::mt19937_64 rng(8);
  for (std::size_t len : {3000, 3100}) {  // pairs of three and four stripes
    const std::string a = random_string(rng, len, 4);
    pairs.push_back({a, mutate(rng, a, 0.05, 4)});
    pairs.push_back({random_string(rng, len, 256), a});
  }
  return pairs;
}

// A batch to run, and the variant that must compute every one of its pairs ("": auto's
// routing, which depends on the device's rates, may share them out).
struct BatchRun {
  levcl::Options options;
  std::string engine;
};

// Each run's distances equal cpu-dp's pair by pair, every pair computed by the run's engine.
inline void check_batch_runs(levcl::Context& context, const std::vector<Pair>& pairs,
                             const std::vector<BatchRun>& runs) {
  const auto expected = reference(context, pairs);
  for (const auto& run : runs) {
    CAPTURE(run.options.variant);
    const levcl::BatchResult r = context.distances(views(pairs), run.options);
    REQUIRE(r.distances.size() == pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      CAPTURE(i);
      CAPTURE(pairs[i].first.size());
      CAPTURE(pairs[i].second.size());
      REQUIRE(r.distances[i] == expected[i]);
    }
    std::size_t computed = 0;
    for (const auto& [variant, count] : r.variant_pairs) computed += count;
    CHECK(computed == pairs.size());
    if (!run.engine.empty()) CHECK(r.variant_pairs.at(run.engine) == pairs.size());
    CHECK(r.costs.cells > 0);
  }
}

}  // namespace levcl::test
