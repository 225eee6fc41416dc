// What is particular to the diamond-tile family (wfa_band: tile-private, tile-local,
// tile-global, pwg): tiles, workgroups and the diamond together, cells counted on the
// device, refusals. test_variants checks every variant's exactness one parameter at a time.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "exactness.hpp"
#include "levcl/levcl.hpp"

#include <algorithm>

namespace {

using levcl::test::check_against_dp;

}  // namespace

TEST_CASE("tiles, workgroups and the diamond together") {
  levcl::Context context;
  for (const auto& variant : levcl::list_variants()) {
    if (variant.family != "wfa_band") continue;
    const bool has_wg = std::any_of(variant.params.begin(), variant.params.end(),
                                    [](const levcl::ParamSpec& p) { return p.name == "wg"; });
    for (const std::int64_t tile : {2, 5})
      for (const std::int64_t wg : {1, 5})
        for (const std::int64_t diamond : {0, 1}) {
          if (!has_wg && wg != 1) continue;
          levcl::Params params{{"tile", tile}, {"diamond", diamond}, {"read-interval", tile + wg}};
          if (has_wg) params["wg"] = wg;
          const auto cases = levcl::test::edge_cases({static_cast<std::size_t>(2 * tile),
                                                      static_cast<std::size_t>(2 * tile * wg)});
          CHECK(check_against_dp(context, cases, variant.name, params) == static_cast<int>(cases.size()));
        }
  }
}

TEST_CASE("cells are counted on the device and the diamond saves some") {
  levcl::Context context;
  std::mt19937_64 rng(4);
  const std::string a = levcl::test::random_string(rng, 2000, 4);
  const std::string b = levcl::test::random_string(rng, 2100, 4);
  const auto column = context.distance(a, b, "minreads", {{"diamond", 0}});
  for (const char* variant : {"tile-local", "pwg"}) {
    CAPTURE(variant);
    const auto without = context.distance(a, b, variant, {{"diamond", 0}});
    const auto with = context.distance(a, b, variant, {{"diamond", 1}});
    CHECK(without.distance == column.distance);
    CHECK(with.distance == column.distance);
    CHECK(with.costs.cells < without.costs.cells);
    // Bands stop once the solution is known: no cell beyond the last band holding it,
    // however many bands the host enqueued before reading the result.
    const std::int64_t tile = without.params.at("tile");
    std::uint64_t pyramid = 0;  // cells of radius <= distance + 2t - 2
    for (std::int64_t r = 0; r <= without.distance + 2 * tile - 2; ++r)
      pyramid += std::min<std::int64_t>(r, 2000) + std::min<std::int64_t>(r, 2100) + 1;
    CHECK(without.costs.cells <= pyramid);
  }
}

TEST_CASE("tile parameters the device cannot run are refused") {
  levcl::Context context;
  const auto& device = context.device();
  auto code_of = [&](const std::string& variant, const levcl::Params& params) {
    try {
      context.distance("ACGT", "AGT", variant, params);
    } catch (const levcl::Error& e) {
      return e.code();
    }
    return levcl::ErrorCode::internal;  // not refused
  };
  // 2 t^2 cells per work-item in local memory: tile 64 is 32 KiB a work-item, and enough
  // work-items to pass the device's local memory (POCL reports 2 MiB on some hosts).
  std::int64_t wg = 64;
  while (std::uint64_t{2 * 64 * 64 * 4} * static_cast<std::uint64_t>(wg) <= device.local_memory) wg *= 2;
  CAPTURE(wg);
  CHECK(code_of("tile-local", {{"tile", 64}, {"wg", wg}}) == levcl::ErrorCode::unsupported);
  CHECK(code_of("tile-private", {{"tile", 9}}) == levcl::ErrorCode::invalid_argument);
  CHECK(code_of("tile-local", {{"tile", 0}}) == levcl::ErrorCode::invalid_argument);
  if (device.max_workgroup < 1022)
    CHECK(code_of("pwg", {{"tile", 510}}) == levcl::ErrorCode::unsupported);
  CHECK(code_of("pwg", {{"wg", 64}}) == levcl::ErrorCode::invalid_argument);  // pwg's workgroup follows its tile
  // The same checks, asked without running anything.
  CHECK(levcl::unrunnable_reason(device, "tile-local", {{"tile", 64}, {"wg", wg}}).find("local memory") !=
        std::string::npos);
  CHECK(levcl::unrunnable_reason(device, "tile-private", {{"tile", 9}}).find("out of range") != std::string::npos);
  CHECK(levcl::unrunnable_reason(device, "pwg", {}).empty());
  CHECK(levcl::unrunnable_reason(device, "cpu-dp", {}).empty());
}
