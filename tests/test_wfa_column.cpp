// What is particular to the one-column-per-launch family (wfa_column: baseline, dynamic,
// minreads, prefetch): launches past the solution with and without the diamond, the cells
// the diamond saves, refusals. test_variants checks every variant's exactness.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "exactness.hpp"
#include "levcl/levcl.hpp"

#include <algorithm>

namespace {

using levcl::test::Pair;

// Device variants must also say how many launches they made.
int check_pairs(levcl::Context& context, const std::vector<Pair>& pairs, const std::string& variant,
                const levcl::Params& params) {
  return levcl::test::check_against_dp(context, pairs, variant, params,
                                       [](const Pair&, const levcl::Result& r) { CHECK(r.costs.launches > 0); });
}

}  // namespace

TEST_CASE("every read interval with the diamond on and off, launches past the solution included") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(40, 1500, 11);
  for (const auto& variant : levcl::list_variants()) {
    if (variant.family != "wfa_column") continue;
    const bool reads_every_radius = std::none_of(variant.params.begin(), variant.params.end(),
                                                 [](const levcl::ParamSpec& p) { return p.name == "read-interval"; });
    for (const std::int64_t interval : {1, 3, 5000}) {
      if (reads_every_radius && interval != 1) continue;
      for (const std::int64_t diamond : {0, 1}) {
        levcl::Params params{{"wg", 64}, {"diamond", diamond}};
        if (!reads_every_radius) params["read-interval"] = interval;
        CHECK(check_pairs(context, pairs, variant.name, params) == 40);
      }
    }
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
  CHECK(with.costs.cells < without.costs.cells);
  // Without the diamond the column of radius r has min(r,m) + min(r,n) + 1 cells.
  std::uint64_t full = 0;
  for (std::int64_t r = 0; r <= without.distance; ++r) full += 2 * std::min<std::int64_t>(r, 3000) + 1;
  CHECK(without.costs.cells >= full);
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
