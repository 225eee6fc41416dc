// The check of a breakpoint (lib/src/engines/pieces.hpp) against cpu-dp, shared by the tests
// of every variant with the breakpoint capability (test_variants) and the persistent
// family's own (test_wfa_persistent).
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engines/pieces.hpp"
#include "levcl/levcl.hpp"

namespace levcl::test {

// The breakpoint `variant` finds splits the pair into halves whose distances are the two
// scores, adding up to the distance.
inline void check_breakpoint(levcl::Context& context, const std::string& variant, std::string_view a,
                             std::string_view b, const levcl::Params& params) {
  CAPTURE(a.size());
  CAPTURE(b.size());
  const auto dp = [&](std::string_view x, std::string_view y) { return context.distance(x, y, "cpu-dp").distance; };
  const auto meeting = levcl::detail::find_breakpoint(context.device(), variant, a, b, params, -1);
  const std::int64_t d = dp(a, b);
  REQUIRE(meeting.distance == d);
  REQUIRE(meeting.i >= 0);
  REQUIRE(meeting.i <= static_cast<std::int64_t>(a.size()));
  REQUIRE(meeting.j >= 0);
  REQUIRE(meeting.j <= static_cast<std::int64_t>(b.size()));
  CHECK(meeting.forward_score + meeting.backward_score == d);
  const auto i = static_cast<std::size_t>(meeting.i), j = static_cast<std::size_t>(meeting.j);
  CHECK(dp(a.substr(0, i), b.substr(0, j)) == meeting.forward_score);
  CHECK(dp(a.substr(i), b.substr(j)) == meeting.backward_score);
}

}  // namespace levcl::test
