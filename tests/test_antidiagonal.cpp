// What is particular to the antidiagonal family (plain DP, one launch per anti-diagonal):
// it reports the cells and launches of the whole DP matrix, is symmetric, and handles very
// unequal lengths. test_variants checks its exactness like every variant's.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>

#include "exactness.hpp"
#include "levcl/levcl.hpp"

namespace {

using levcl::test::Pair;

// Checks every pair against cpu-dp, and the cells and launches of the full matrix;
// returns how many were checked.
int check_pairs(levcl::Context& context, const std::vector<Pair>& pairs, const levcl::Params& params) {
  return levcl::test::check_against_dp(context, pairs, "antidiagonal", params, [](const Pair& p, const levcl::Result& r) {
    const auto& [a, b] = p;
    CHECK(r.costs.cells == static_cast<std::uint64_t>(a.size()) * b.size());
    // Empty strings need no launch; otherwise one per anti-diagonal.
    CHECK(r.costs.launches == (a.empty() || b.empty() ? 0 : a.size() + b.size() + 1));
    CHECK(r.costs.seconds > 0);
    CHECK(r.costs.kernel_seconds >= 0);
  });
}

}  // namespace

TEST_CASE("antidiagonal counts the whole matrix, on edge cases and every small shape of matrix") {
  levcl::Context context;
  const auto cases = levcl::test::edge_cases({7, 64});
  const auto tiny = levcl::test::random_pairs(200, 12, 22);
  for (const std::int64_t wg : {1, 7, 64}) {
    CHECK(check_pairs(context, cases, {{"wg", wg}}) == static_cast<int>(cases.size()));
    CHECK(check_pairs(context, tiny, {{"wg", wg}}) == 200);
  }
}

TEST_CASE("antidiagonal is symmetric and handles very unequal lengths") {
  levcl::Context context;
  std::mt19937_64 rng(8);
  const std::string short_text = levcl::test::random_string(rng, 5, 256);
  const std::string long_text = levcl::test::random_string(rng, 1200, 256);
  const std::vector<Pair> pairs = {{short_text, long_text}, {long_text, short_text},
                                   {std::string(1, '\0'), long_text}, {long_text, std::string(1, '\0')},
                                   {std::string(3, '\0'), std::string(4, '\0')}};
  CHECK(check_pairs(context, pairs, {{"wg", 64}}) == 5);
}

TEST_CASE("parameters the device cannot run are refused before launch") {
  levcl::Context context;
  const auto max_wg = static_cast<std::int64_t>(context.device().max_workgroup);
  try {
    context.distance("abc", "abd", "antidiagonal", {{"wg", max_wg + 1}});
    FAIL("an oversized workgroup was accepted");
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::unsupported);
  }
  CHECK_THROWS_AS(context.distance("a", "b", "antidiagonal", {{"wg", 0}}), levcl::Error);
  CHECK_THROWS_AS(context.distance("a", "b", "antidiagonal", {{"read-interval", 2}}), levcl::Error);
}
