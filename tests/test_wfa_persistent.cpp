// What is particular to the persistent wavefront family: the breakpoint where the forward
// and backward fronts meet (checked against cpu-dp on both halves), long matching runs
// ending at every offset of a team's step, fewer cells than one wavefront, refusals, and
// several workgroups stepping together where the device is a GPU. test_variants checks
// its exactness one parameter at a time.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "exactness.hpp"
#include "levcl/levcl.hpp"
#include "wfa_persistent.hpp"

namespace {

using levcl::test::check_against_dp;
using levcl::test::Pair;

std::int64_t dp(levcl::Context& context, std::string_view a, std::string_view b) {
  return context.distance(a, b, "cpu-dp").distance;
}

// The breakpoint splits the pair into halves whose distances are the two scores, adding up
// to the distance.
void check_breakpoint(levcl::Context& context, const Pair& pair, const levcl::Params& params) {
  const auto& [a, b] = pair;
  CAPTURE(a.size());
  CAPTURE(b.size());
  const auto meeting = levcl::detail::meet_in_the_middle(context.device(), a, b, params, -1);
  const std::int64_t d = dp(context, a, b);
  REQUIRE(meeting.distance == d);
  REQUIRE(meeting.i >= 0);
  REQUIRE(meeting.i <= static_cast<std::int64_t>(a.size()));
  REQUIRE(meeting.j >= 0);
  REQUIRE(meeting.j <= static_cast<std::int64_t>(b.size()));
  CHECK(meeting.forward_score + meeting.backward_score == d);
  const auto i = static_cast<std::size_t>(meeting.i), j = static_cast<std::size_t>(meeting.j);
  CHECK(dp(context, std::string_view(a).substr(0, i), std::string_view(b).substr(0, j)) == meeting.forward_score);
  CHECK(dp(context, std::string_view(a).substr(i), std::string_view(b).substr(j)) == meeting.backward_score);
}

}  // namespace

TEST_CASE("the breakpoint lies on an optimal path, its scores the halves' distances") {
  levcl::Context context;
  auto pairs = levcl::test::random_pairs(40, 1500, 5);
  for (const auto& edge : levcl::test::edge_cases({8, 64})) pairs.push_back(edge);
  for (const auto& pair : pairs) check_breakpoint(context, pair, {});
  // And with the distance bound: above it, no cell.
  const auto meeting = levcl::detail::meet_in_the_middle(context.device(), "kitten", "sitting", {}, 2);
  CHECK(meeting.distance == 3);
}

TEST_CASE("long matching runs ending at every offset of a team's step, in both directions") {
  levcl::Context context;
  std::mt19937_64 rng(12);
  const std::string a = levcl::test::random_string(rng, 3000, 4);
  for (const std::int64_t team : {1, 3, 32})
    for (const std::int64_t wg : {7, 64}) {
      const levcl::Params params{{"team", team}, {"wg", wg}, {"extend", 2}};
      std::vector<Pair> pairs;
      for (const std::size_t at : {0, 1, 15, 16, 17, 23, 24, 25, 100, 255, 256, 257, 511, 512, 513, 1500, 2983, 2999}) {
        std::string substituted = a, deleted = a;
        substituted[at] = static_cast<char>(substituted[at] ^ 1);
        deleted.erase(at, 1);
        pairs.push_back({a, substituted});
        pairs.push_back({deleted, a});
      }
      CHECK(check_against_dp(context, pairs, "persistent", params) == static_cast<int>(pairs.size()));
      for (std::size_t k = 0; k < pairs.size(); k += 7) check_breakpoint(context, pairs[k], params);
    }
}

TEST_CASE("two fronts of half the radius compute fewer cells than one") {
  levcl::Context context;
  std::mt19937_64 rng(3);
  const std::string a = levcl::test::random_string(rng, 20000, 4);
  const std::string b = levcl::test::mutate(rng, a, 0.02, 4);
  const auto one = context.distance(a, b, "minreads", {{"diamond", 0}});
  const auto two = context.distance(a, b, "persistent");
  CHECK(two.distance == one.distance);
  CHECK(two.launches == 1);
  // d^2 cells for one front against about 2 (d/2)^2 for two.
  CHECK(two.cells < one.cells * 2 / 3);
  CHECK(two.cells > 0);
}

TEST_CASE("configurations the device cannot run are refused") {
  levcl::Context context;
  const levcl::DeviceInfo& device = context.device();
  const std::string many = levcl::unrunnable_reason(device, "persistent", {{"groups", 4096}});
  CHECK(many.find("running at once") != std::string::npos);
  if (device.type != "gpu") {
    const std::string two = levcl::unrunnable_reason(device, "persistent", {{"groups", 2}});
    CHECK(two.find("only a GPU") != std::string::npos);
    CHECK_THROWS_AS(context.distance("a", "b", "persistent", {{"groups", 2}}), levcl::Error);
  }
}

TEST_CASE("several workgroups stepping together, on a GPU") {
  levcl::Context context;
  if (context.device().type != "gpu") {
    MESSAGE("not a GPU: workgroups that wait on each other are not run here");
    return;
  }
  const auto pairs = levcl::test::random_pairs(30, 3000, 9);
  for (const std::int64_t groups : {2, 3, 7})
    for (const std::int64_t solo : {0, 1, 4}) {
      const levcl::Params params{{"groups", groups}, {"solo", solo}, {"wg", 32}};
      CHECK(check_against_dp(context, pairs, "persistent", params) == 30);
      for (std::size_t k = 0; k < pairs.size(); k += 5) check_breakpoint(context, pairs[k], params);
    }
}
