// The diamond-tile family (tile-private, tile-local, tile-global, pwg) returns the
// reference distance for every tile length, workgroup size and read interval, with the
// dynamic diamond on and off, on edge cases and random pairs.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "exactness.hpp"
#include "levcl/levcl.hpp"

namespace {

using levcl::test::check_against_dp;

const char* const tile_variants[] = {"tile-private", "tile-local", "tile-global"};

}  // namespace

TEST_CASE("tile variants are exact on edge cases for tile lengths 1, 2, 3, 5, 8 and several workgroups") {
  levcl::Context context;
  for (const std::int64_t tile : {1, 2, 3, 5, 8}) {
    // Lengths around one tile, one band of tiles, and a workgroup of tiles.
    const auto cases = levcl::test::edge_cases({static_cast<std::size_t>(tile), static_cast<std::size_t>(2 * tile),
                                                static_cast<std::size_t>(2 * tile * 5)});
    for (const char* variant : tile_variants)
      for (const std::int64_t wg : {1, 5, 32})
        for (const std::int64_t diamond : {0, 1})
          CHECK(check_against_dp(context, cases, variant,
                            {{"tile", tile}, {"wg", wg}, {"diamond", diamond}, {"read-interval", tile + wg}}) ==
                static_cast<int>(cases.size()));
  }
}

TEST_CASE("pwg is exact on edge cases for short and long tiles") {
  levcl::Context context;
  for (const std::int64_t tile : {1, 2, 3, 5, 15, 31, 100}) {
    const auto cases = levcl::test::edge_cases({static_cast<std::size_t>(tile), static_cast<std::size_t>(2 * tile + 2)});
    for (const std::int64_t diamond : {0, 1})
      CHECK(check_against_dp(context, cases, "pwg", {{"tile", tile}, {"diamond", diamond}, {"read-interval", 3}}) ==
            static_cast<int>(cases.size()));
  }
}

TEST_CASE("tile variants are exact with matches extended by words and by bytes") {
  // extend=2 forces the 8-byte compares, extend=0 the byte loop (see test_wfa_column).
  levcl::Context context;
  const auto cases = levcl::test::edge_cases({8, 16, 64});
  const auto pairs = levcl::test::random_pairs(60, 1500, 32);
  for (const char* variant : {"tile-private", "tile-local", "tile-global", "pwg"})
    for (const std::int64_t extend : {0, 2}) {
      CHECK(check_against_dp(context, cases, variant, {{"tile", 3}, {"extend", extend}}) ==
            static_cast<int>(cases.size()));
      CHECK(check_against_dp(context, pairs, variant, {{"extend", extend}}) == 60);
    }
}

TEST_CASE("long tiles in local and global memory") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(20, 800, 21);
  CHECK(check_against_dp(context, pairs, "tile-local", {{"tile", 16}, {"wg", 2}}) == 20);
  CHECK(check_against_dp(context, pairs, "tile-global", {{"tile", 40}, {"wg", 8}}) == 20);
}

TEST_CASE("every tile variant is exact on random pairs with default parameters") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(120, 2500, 8);
  for (const char* variant : {"tile-private", "tile-local", "tile-global", "pwg"})
    CHECK(check_against_dp(context, pairs, variant, {}) == 120);
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
    CHECK(with.cells < without.cells);
    // Bands stop once the solution is known: no cell beyond the last band holding it,
    // however many bands the host enqueued before reading the result.
    const std::int64_t tile = without.params.at("tile");
    std::uint64_t pyramid = 0;  // cells of radius <= distance + 2t - 2
    for (std::int64_t r = 0; r <= without.distance + 2 * tile - 2; ++r)
      pyramid += std::min<std::int64_t>(r, 2000) + std::min<std::int64_t>(r, 2100) + 1;
    CHECK(without.cells <= pyramid);
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
  // 2 t^2 cells per work-item in local memory: tile 64 with 64 work-items is 2 MiB.
  CHECK(code_of("tile-local", {{"tile", 64}, {"wg", 64}}) == levcl::ErrorCode::unsupported);
  CHECK(code_of("tile-private", {{"tile", 9}}) == levcl::ErrorCode::invalid_argument);
  CHECK(code_of("tile-local", {{"tile", 0}}) == levcl::ErrorCode::invalid_argument);
  if (device.max_workgroup < 1022)
    CHECK(code_of("pwg", {{"tile", 510}}) == levcl::ErrorCode::unsupported);
  CHECK(code_of("pwg", {{"wg", 64}}) == levcl::ErrorCode::invalid_argument);  // pwg's workgroup follows its tile
  // The same checks, asked without running anything.
  CHECK(levcl::unrunnable_reason(device, "tile-local", {{"tile", 64}, {"wg", 64}}).find("local memory") !=
        std::string::npos);
  CHECK(levcl::unrunnable_reason(device, "tile-private", {{"tile", 9}}).find("out of range") != std::string::npos);
  CHECK(levcl::unrunnable_reason(device, "pwg", {}).empty());
  CHECK(levcl::unrunnable_reason(device, "cpu-dp", {}).empty());
}
