// What is particular to the wfa_batch family: passes of wider fronts for the pairs above
// the first's caps, in local and in global memory; matching runs ending at every offset of
// a word; the same strings in many pairs; refusals. test_variants checks its batches at
// the defaults.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>

#include "batches.hpp"
#include "exactness.hpp"
#include "levcl/levcl.hpp"

namespace {

using levcl::test::Pair;
using levcl::test::reference;
using levcl::test::views;

// Distances from 0 to far beyond the smallest fronts, length differences below, at and
// above them, edge cases around the 8-byte words and the workgroups.
std::vector<Pair> spread_pairs() {
  std::mt19937_64 rng(41);
  auto pairs = levcl::test::edge_cases({7, 8, 9, 32, 64});
  for (const double rate : {0.0, 0.002, 0.01, 0.05, 0.3}) {
    const std::string a = levcl::test::random_string(rng, 1500, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, rate, 4)});
    pairs.push_back({a.substr(0, 700 - 17), levcl::test::mutate(rng, a.substr(0, 700), rate, 4)});
  }
  for (const std::size_t cut : {1, 7, 8, 9, 31, 32, 33, 130, 300}) {
    const std::string a = levcl::test::random_string(rng, 500, 4);
    pairs.push_back({a, a.substr(cut)});
    pairs.push_back({a.substr(0, a.size() - cut), a});
  }
  const auto random = levcl::test::random_pairs(40, 1200, 43);
  pairs.insert(pairs.end(), random.begin(), random.end());
  return pairs;
}

}  // namespace

TEST_CASE("passes of wider fronts, in local or in global memory, as cpu-dp at every bound") {
  levcl::Context context;
  const auto pairs = spread_pairs();
  for (const std::int64_t k : {-1, 0, 5, 40}) {
    const auto expected = reference(context, pairs, k);
    for (const std::int64_t front : {1, 4, 32, 512})
      for (const std::int64_t local : {0, 1})
        for (const std::int64_t wg : {1, 7, 32}) {
          CAPTURE(k);
          CAPTURE(front);
          CAPTURE(local);
          CAPTURE(wg);
          const levcl::Options options{"wfa-batch", {{"front", front}, {"local", local}, {"wg", wg}}, k, 2};
          const levcl::BatchResult got = context.distances(views(pairs), options);
          REQUIRE(got.distances.size() == pairs.size());
          for (std::size_t i = 0; i < pairs.size(); ++i) {
            CAPTURE(i);
            CHECK(got.distances[i] == expected[i]);
          }
          CHECK(got.variant_pairs.at("wfa-batch") == pairs.size());
          CHECK(got.costs.launches >= 1);
        }
  }
}

TEST_CASE("matching runs ending at every offset of a word, and one string in many pairs") {
  levcl::Context context;
  std::mt19937_64 rng(12);
  const std::string a = levcl::test::random_string(rng, 3000, 256);
  std::vector<std::string_view> strings = {a};
  std::vector<std::string> kept;
  kept.reserve(64);
  for (const std::size_t at : {0, 1, 6, 7, 8, 9, 15, 16, 17, 100, 255, 256, 257, 1500, 2991, 2992, 2999}) {
    std::string substituted = a, deleted = a;
    substituted[at] = static_cast<char>(substituted[at] ^ 1);
    deleted.erase(at, 1);
    kept.push_back(substituted);
    kept.push_back(deleted);
  }
  for (const std::string& s : kept) strings.push_back(s);
  std::vector<levcl::IndexPair> pairs;
  for (std::uint32_t s = 1; s < strings.size(); ++s) {
    pairs.push_back({0, s});
    pairs.push_back({s, 0});
  }
  const levcl::BatchResult got = context.distances(strings, pairs, levcl::Options{"wfa-batch"});
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    CAPTURE(i);
    CHECK(got.distances[i] == 1);
  }
  // Radii 0 and 1, of 1 and 3 diagonals: a distance of 1 costs a handful of cells.
  CHECK(got.costs.cells <= 4 * pairs.size());
}

TEST_CASE("configurations the device cannot run are refused, and single pairs are not its work") {
  levcl::Context context;
  const levcl::DeviceInfo& device = context.device();
  const std::int64_t too_wide = std::min<std::int64_t>(static_cast<std::int64_t>(device.local_memory), 1 << 20);  // 16 bytes a diagonal
  CHECK(levcl::unrunnable_reason(device, "wfa-batch", {{"front", too_wide}, {"local", 1}}).find("local memory") !=
        std::string::npos);
  CHECK(levcl::unrunnable_reason(device, "wfa-batch", {{"front", too_wide}}).empty());  // global fronts, the default
  CHECK_THROWS_AS(context.distance("kitten", "sitting", "wfa-batch"), levcl::Error);
}
