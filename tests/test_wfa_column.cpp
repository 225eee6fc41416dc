// The one-column-per-launch family (baseline, dynamic, minreads, prefetch) returns the
// reference distance for every configuration, on edge cases and random pairs.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>

#include "exactness.hpp"
#include "levcl/levcl.hpp"

namespace {

using levcl::test::Pair;

// Device variants must also say how many launches they made.
int check_pairs(levcl::Context& context, const std::vector<Pair>& pairs, const std::string& variant,
                const levcl::Params& params) {
  return levcl::test::check_against_dp(context, pairs, variant, params,
                                       [](const Pair&, const levcl::Result& r) { CHECK(r.launches > 0); });
}

}  // namespace

TEST_CASE("every column variant is exact on edge cases for several workgroup sizes") {
  levcl::Context context;
  for (const std::int64_t wg : {1, 7, 32, 64, 128}) {
    const auto cases = levcl::test::edge_cases({static_cast<std::size_t>(wg), static_cast<std::size_t>(2 * wg)});
    for (const char* variant : {"baseline", "dynamic", "minreads", "prefetch"})
      for (const std::int64_t diamond : {0, 1}) {
        levcl::Params params{{"wg", wg}, {"diamond", diamond}};
        const auto& specs = levcl::variant_info(variant).params;
        if (std::any_of(specs.begin(), specs.end(), [](const levcl::ParamSpec& p) { return p.name == "read-interval"; }))
          params["read-interval"] = wg % 5 + 1;
        CHECK(check_pairs(context, cases, variant, params) == static_cast<int>(cases.size()));
      }
  }
}

TEST_CASE("minreads and prefetch are exact for many read intervals, launches past the solution included") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(60, 1500, 11);
  for (const char* variant : {"minreads", "prefetch"})
    for (const std::int64_t interval : {1, 2, 3, 100, 5000})
      for (const std::int64_t diamond : {0, 1})
        CHECK(check_pairs(context, pairs, variant, {{"wg", 64}, {"read-interval", interval}, {"diamond", diamond}}) == 60);
}

TEST_CASE("every column variant is exact on random pairs with default parameters") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(150, 2500, 5);
  for (const char* variant : {"baseline", "dynamic", "minreads", "prefetch"})
    CHECK(check_pairs(context, pairs, variant, {}) == 150);
}

TEST_CASE("column variants are exact with matches extended by words and by bytes") {
  // extend=2 forces the 8-byte compares, extend=0 the byte loop; lengths around one and
  // two words test the switch to the byte tail at the ends of the strings.
  levcl::Context context;
  const auto cases = levcl::test::edge_cases({8, 16, 64});
  const auto pairs = levcl::test::random_pairs(60, 1500, 31);
  for (const char* variant : {"baseline", "dynamic", "minreads", "prefetch"})
    for (const std::int64_t extend : {0, 2}) {
      CHECK(check_pairs(context, cases, variant, {{"wg", 32}, {"extend", extend}}) == static_cast<int>(cases.size()));
      CHECK(check_pairs(context, pairs, variant, {{"wg", 64}, {"extend", extend}}) == 60);
    }
}

TEST_CASE("the dynamic diamond computes fewer cells and the same distance") {
  levcl::Context context;
  std::mt19937_64 rng(3);
  const std::string a = levcl::test::random_string(rng, 3000, 4);
  const std::string b = levcl::test::random_string(rng, 3000, 4);  // unrelated: large distance
  const auto with = context.distance(a, b, "minreads", {{"diamond", 1}});
  const auto without = context.distance(a, b, "minreads", {{"diamond", 0}});
  CHECK(with.distance == without.distance);
  CHECK(with.cells < without.cells);
  // Without the diamond the column of radius r has min(r,m) + min(r,n) + 1 cells.
  std::uint64_t full = 0;
  for (std::int64_t r = 0; r <= without.distance; ++r) full += 2 * std::min<std::int64_t>(r, 3000) + 1;
  CHECK(without.cells >= full);
}

TEST_CASE("parameters the device cannot run are refused before launch") {
  levcl::Context context;
  const auto max_wg = static_cast<std::int64_t>(context.device().max_workgroup);
  try {
    context.distance("abc", "abd", "dynamic", {{"wg", max_wg + 1}});
    FAIL("an oversized workgroup was accepted");
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::unsupported);
  }
  CHECK_THROWS_AS(context.distance("a", "b", "minreads", {{"tile", 2}}), levcl::Error);
  CHECK_THROWS_AS(context.distance("a", "b", "minreads", {{"wg", 0}}), levcl::Error);
  CHECK_THROWS_AS(context.distance("a", "b", "no-such-variant"), levcl::Error);
}
