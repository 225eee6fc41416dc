// The antidiagonal variant (plain DP, one launch per anti-diagonal) returns the
// reference distance on edge cases and random pairs for several workgroup sizes, and
// reports the cells and launches of the whole DP matrix. One launch per anti-diagonal is
// slow on POCL (tens of microseconds each), so the random pairs stay short.
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
    CHECK(r.cells == static_cast<std::uint64_t>(a.size()) * b.size());
    // Empty strings need no launch; otherwise one per anti-diagonal.
    CHECK(r.launches == (a.empty() || b.empty() ? 0 : a.size() + b.size() + 1));
    CHECK(r.seconds > 0);
    CHECK(r.kernel_seconds >= 0);
  });
}

}  // namespace

TEST_CASE("antidiagonal is exact on edge cases for several workgroup sizes") {
  levcl::Context context;
  for (const std::int64_t wg : {1, 7, 32, 64, 128}) {
    const auto cases = levcl::test::edge_cases({static_cast<std::size_t>(wg), static_cast<std::size_t>(2 * wg)});
    CHECK(check_pairs(context, cases, {{"wg", wg}}) == static_cast<int>(cases.size()));
  }
}

TEST_CASE("antidiagonal is exact on random pairs") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(60, 1500, 21);
  const auto tiny = levcl::test::random_pairs(200, 12, 22);  // every small shape of matrix
  for (const std::int64_t wg : {1, 7, 32, 64, 128}) {
    CHECK(check_pairs(context, pairs, {{"wg", wg}}) == 60);
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

TEST_CASE("HIV-1 genomes: distance 1988") {
  levcl::Context context;
  const std::string a = levcl::read_sequence(LEVCL_SAMPLE_DIR "/AF133821.1.fa.gz");
  const std::string b = levcl::read_sequence(LEVCL_SAMPLE_DIR "/AY352275.1.fa.gz");
  REQUIRE(a.size() == 10035);
  REQUIRE(b.size() == 10280);
  const auto result = context.distance(a, b, "antidiagonal");
  CHECK(result.distance == 1988);
  CHECK(result.launches == a.size() + b.size() + 1);
  CHECK(result.kernel_seconds > 0);
  MESSAGE("antidiagonal on " << result.device << ": " << result.seconds << " s, kernel " << result.kernel_seconds
                             << " s, " << result.launches << " launches");
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
