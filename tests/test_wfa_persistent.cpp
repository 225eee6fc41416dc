// What is particular to the persistent wavefront family: long matching runs ending at every
// offset of a team's step (distances and breakpoints), fewer cells than one wavefront,
// refusals, workgroups of every size where the columns are global, and several workgroups
// stepping together and the warps' prefetch where the device is a GPU.
// test_variants checks its distances one parameter at a time and its breakpoints.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "batches.hpp"
#include "breakpoints.hpp"
#include "exactness.hpp"
#include "levcl/levcl.hpp"

namespace {

using levcl::test::check_against_dp;
using levcl::test::Pair;
using levcl::test::reference;
using levcl::test::views;

}  // namespace

TEST_CASE("long matching runs ending at every offset of a team's step, in both directions") {
  levcl::Context context;
  std::mt19937_64 rng(12);
  const std::string a = levcl::test::random_string(rng, 3000, 4);
  for (const std::int64_t team : {1, 3, 32})
    for (const std::int64_t wg : {7, 64}) {
      const levcl::Params params{{"team", team}, {"wg", wg}, {"global-wg", wg}, {"extend", 2}};
      std::vector<Pair> pairs;
      for (const std::size_t at : {0, 1, 15, 16, 17, 23, 24, 25, 100, 255, 256, 257, 511, 512, 513, 1500, 2983, 2999}) {
        std::string substituted = a, deleted = a;
        substituted[at] = static_cast<char>(substituted[at] ^ 1);
        deleted.erase(at, 1);
        pairs.push_back({a, substituted});
        pairs.push_back({deleted, a});
      }
      CHECK(check_against_dp(context, pairs, "persistent", params) == static_cast<int>(pairs.size()));
      for (std::size_t k = 0; k < pairs.size(); k += 7) levcl::test::check_breakpoint(context, "persistent", pairs[k].first, pairs[k].second, params);
    }
}

TEST_CASE("a pair's columns in global memory, in workgroups of every size (global-wg)") {
  // test_variants sweeps wg, which sets the other layouts' workgroups: these sizes around
  // lengths of one, two and five of them, and the default.
  levcl::Context context;
  std::mt19937_64 rng(41);
  for (const std::int64_t global_wg : {1, 7, 32, 64, 512}) {
    CAPTURE(global_wg);
    const auto w = static_cast<std::size_t>(global_wg);
    auto pairs = levcl::test::edge_cases({w, 2 * w + 2, 5 * w});
    for (const double rate : {0.0, 0.01, 0.1, 0.5}) {
      const std::string a = levcl::test::random_string(rng, 1500, 4);
      pairs.push_back({a, levcl::test::mutate(rng, a, rate, 4)});
    }
    const levcl::Params params{{"global-wg", global_wg}};
    CHECK(check_against_dp(context, pairs, "persistent", params) == static_cast<int>(pairs.size()));
    for (std::size_t k = 0; k < pairs.size(); k += 9) levcl::test::check_breakpoint(context, "persistent", pairs[k].first, pairs[k].second, params);
  }
}

TEST_CASE("a batch's pieces in local columns, capped, and those above their caps again in global columns") {
  // Distances from 0 to beyond every cap, length differences below, at and above the
  // columns' width (a piece that cannot start locally), edge cases around the widths.
  levcl::Context context;
  std::mt19937_64 rng(31);
  auto pairs = levcl::test::edge_cases({15, 16, 17, 64});
  for (const double rate : {0.0, 0.002, 0.01, 0.05, 0.3}) {
    const std::string a = levcl::test::random_string(rng, 2000, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, rate, 4)});
    pairs.push_back({a.substr(0, 1000 - 17), levcl::test::mutate(rng, a.substr(0, 1000), rate, 4)});
  }
  for (const std::size_t cut : {1, 14, 15, 16, 31, 32, 33, 63, 64, 65, 300}) {
    const std::string a = levcl::test::random_string(rng, 600, 4);
    pairs.push_back({a, a.substr(cut)});
  }
  const auto expected = reference(context, pairs);
  for (const std::int64_t local : {0, 16, 32, 64, 512})
    for (const std::int64_t k : {-1, 20}) {
      CAPTURE(local);
      CAPTURE(k);
      const levcl::Options options{"persistent", {{"local", local}, {"wg", 32}}, k, 2};
      const auto got = context.distances(views(pairs), options);
      for (std::size_t i = 0; i < pairs.size(); ++i) {
        CAPTURE(i);
        CHECK(got.distances[i] == (k >= 0 && expected[i] > k ? -1 : expected[i]));
      }
    }
  CHECK(levcl::unrunnable_reason(context.device(), "persistent", {{"local", 2048}, {"wg", 64}}).empty() ==
        (context.device().local_memory >= 4 * 2048 * 4 + 4 * 1024));
}

TEST_CASE("two fronts of half the radius compute fewer cells than one") {
  levcl::Context context;
  std::mt19937_64 rng(3);
  const std::string a = levcl::test::random_string(rng, 20000, 4);
  const std::string b = levcl::test::mutate(rng, a, 0.02, 4);
  const auto one = context.distance(a, b, "minreads", {{"diamond", 0}});
  const auto two = context.distance(a, b, "persistent");
  CHECK(two.distance == one.distance);
  CHECK(two.costs.launches == 1);
  // d^2 cells for one front against about 2 (d/2)^2 for two.
  CHECK(two.costs.cells < one.costs.cells * 2 / 3);
  CHECK(two.costs.cells > 0);
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
  // Their columns in global memory (spread 0) and in local memory, exchanging edges: one
  // chunk of 32 positions each, or up to four dealt out in turn (where too wide, global).
  const auto pairs = levcl::test::random_pairs(30, 3000, 9);
  for (const std::int64_t spread : {0, 1, 4})
    for (const std::int64_t groups : {2, 3, 7})
      for (const std::int64_t solo : {0, 1, 4}) {
        CAPTURE(spread);
        CAPTURE(groups);
        CAPTURE(solo);
        const levcl::Params params{{"groups", groups}, {"solo", solo}, {"wg", 32}, {"global-wg", 32}, {"spread", spread}};
        CHECK(check_against_dp(context, pairs, "persistent", params) == 30);
        for (std::size_t k = 0; k < pairs.size(); k += 5) levcl::test::check_breakpoint(context, "persistent", pairs[k].first, pairs[k].second, params);
      }
  // Neighbours that exchange their edges every step, every few, and every 64 (more than
  // the shares of the narrower pieces: their halo is their share), in up to 4 chunks of 32
  // positions and up to 16 of 64.
  for (const std::int64_t halo : {1, 5, 64})
    for (const std::int64_t spread : {4, 16})
      for (const std::int64_t groups : {2, 7}) {
        CAPTURE(halo);
        CAPTURE(spread);
        CAPTURE(groups);
        const levcl::Params params{
            {"groups", groups}, {"wg", 32}, {"global-wg", spread == 4 ? 32 : 64}, {"spread", spread}, {"halo", halo}};
        CHECK(check_against_dp(context, pairs, "persistent", params) == 30);
        for (std::size_t k = 0; k < pairs.size(); k += 7) levcl::test::check_breakpoint(context, "persistent", pairs[k].first, pairs[k].second, params);
      }
  // Workgroups of one size where the columns are local and of another where they are global
  // or where fewer chunks of the wider blocks hold a piece (spread 16: up to 16 of 32 or of 64).
  for (const std::int64_t spread : {0, 1, 16}) {
    CAPTURE(spread);
    const levcl::Params params{{"groups", 3}, {"wg", 32}, {"global-wg", 64}, {"spread", spread}};
    CHECK(check_against_dp(context, pairs, "persistent", params) == 30);
  }
}

TEST_CASE("a pair whose sample misses its divergence: the bound doubles from the estimate's, on a GPU") {
  levcl::Context context;
  if (context.device().type != "gpu") {
    MESSAGE("not a GPU: workgroups that wait on each other are not run here");
    return;
  }
  // Random bytes between the sample's windows (64 of 256 bytes spread over a): the
  // estimate sees none of them, and the first bound (twice it and 1,024) holds no meeting.
  std::mt19937_64 rng(8);
  const std::string a = levcl::test::random_string(rng, 65536, 4);
  for (const std::size_t gaps : {6, 12, 64}) {
    std::string b = a;
    for (std::size_t k = 0; k < gaps; ++k) {
      const std::size_t at = (a.size() - 256) * (2 * k * (64 / gaps) + 1) / 128;
      for (std::size_t j = at + 320; j < at + 900 && j < b.size(); ++j) b[j] = "ACGT"[rng() % 4];
    }
    CAPTURE(gaps);
    const std::int64_t expected = context.distance(a, b, "cpu-bitpar").distance;
    CHECK(expected > 1024);
    for (const std::int64_t spread : {1, 2}) {
      CAPTURE(spread);
      const levcl::Result r = context.distance(a, b, "persistent", {{"spread", spread}});
      CHECK(r.distance == expected);
      // Every bound on every workgroup allowed: one program whatever the width. The 12-gap
      // pair (bounds 1,024 to 4,096, compared by words as the 6-gap pair) builds nothing more.
      if (gaps == 12) CHECK(r.costs.build_seconds < 0.1);
    }
  }
}

TEST_CASE("two workgroups a compute unit, gathered before they wait, on a GPU") {
  levcl::Context context;
  if (context.device().type != "gpu") {
    MESSAGE("not a GPU: more workgroups than a CPU device runs at once are tested on a CPU apart");
    return;
  }
  // Workgroups of 32, two of which any GPU holds a compute unit, on fronts of more blocks of
  // 32 than the GPU has units (pairs of up to 3,000 bytes: the divergent ones run two a
  // unit): they all start, so a pair's launch runs once (columns global) and its distance is
  // exact; also the layouts whose columns are dealt out in local memory, and breakpoints.
  const auto pairs = levcl::test::random_pairs(16, 3000, 60);
  const levcl::Params global{{"unit-groups", 2}, {"wg", 32}, {"global-wg", 32}, {"spread", 0}};
  const levcl::Result one = context.distance(pairs.front().first, pairs.front().second, "persistent", global);
  CHECK(one.distance == context.distance(pairs.front().first, pairs.front().second, "cpu-dp").distance);
  CHECK(one.costs.launches == 1);
  CHECK(check_against_dp(context, pairs, "persistent", global) == 16);
  for (const std::int64_t spread : {1, 4}) {
    CAPTURE(spread);
    const levcl::Params local{{"unit-groups", 2}, {"wg", 32}, {"global-wg", 32}, {"spread", spread}, {"halo", 7}};
    CHECK(check_against_dp(context, pairs, "persistent", local) == 16);
    for (std::size_t k = 0; k < pairs.size(); k += 5)
      levcl::test::check_breakpoint(context, "persistent", pairs[k].first, pairs[k].second, local);
  }
  // The defaults' layouts at two a unit (workgroups of 256, each at most half a unit's
  // registers on NVIDIA) on a front wider than a wide block a unit: 300 kbp at 85%.
  std::mt19937_64 rng(60);
  const std::string a = levcl::test::random_string(rng, 300000, 4);
  std::string b = a;
  for (char& c : b)
    if (rng() % 100 < 15) c = 'N';
  const std::int64_t expected = context.distance(a, b, "cpu-bitpar").distance;
  for (const std::int64_t per_unit : {1, 2}) {
    CAPTURE(per_unit);
    CHECK(context.distance(a, b, "persistent", {{"unit-groups", per_unit}}).distance == expected);
  }
}

TEST_CASE("the warps' prefetch past a run's end changes no distance, on a GPU") {
  levcl::Context context;
  if (context.device().type != "gpu") {
    MESSAGE("not a GPU: persistent's prefetch is NVIDIA's alone, and its pairs take long on a CPU");
    return;
  }
  // Strings of 3 MiB in all, above prefetch=1 (MiB), so that NVIDIA's warps ask L2 for the
  // lines past each run's end; prefetch=0 never does.
  std::mt19937_64 rng(58);
  const std::string a = levcl::test::random_string(rng, 1536 * 1024, 4);
  for (const double rate : {0.001, 0.01}) {
    CAPTURE(rate);
    const std::string b = levcl::test::mutate(rng, a, rate, 4);
    const std::int64_t expected = context.distance(a, b, "cpu-wfa").distance;
    for (const std::int64_t prefetch : {0, 1}) {
      CAPTURE(prefetch);
      CHECK(context.distance(a, b, "persistent", {{"prefetch", prefetch}}).distance == expected);
    }
  }
}

// Run by its own ctest entry (test_wfa_persistent_cpu_groups, --no-skip), which trusts POCL
// with waiting workgroups (LEVCL_TRUST_CPU_GROUPS=1).
TEST_CASE("several workgroups stepping together on a CPU device that runs them at once" * doctest::skip(true)) {
  levcl::Context context;
  REQUIRE(context.device().type != "gpu");
  REQUIRE(levcl::unrunnable_reason(context.device(), "persistent", {{"groups", 2}}).empty());
  // The GPU cases' layouts on two workgroups, the teams' path (no warps here): columns in
  // global memory (spread 0), one chunk each or up to 16 dealt out in turn, exchanging
  // every step, every few and every 64.
  const auto pairs = levcl::test::random_pairs(16, 1500, 58);
  const std::vector<levcl::Params> layouts = {
      {{"groups", 2}, {"wg", 32}, {"global-wg", 32}, {"spread", 0}, {"solo", 1}},
      {{"groups", 2}, {"wg", 32}, {"global-wg", 32}, {"spread", 1}},
      {{"groups", 2}, {"wg", 32}, {"global-wg", 64}, {"spread", 16}, {"halo", 1}},
      {{"groups", 2}, {"wg", 32}, {"global-wg", 128}, {"spread", 16}, {"halo", 5}},
      {{"groups", 2}, {"wg", 64}, {"global-wg", 64}, {"spread", 16}, {"halo", 64}},
  };
  for (std::size_t l = 0; l < layouts.size(); ++l) {
    CAPTURE(l);
    CHECK(check_against_dp(context, pairs, "persistent", layouts[l]) == 16);
    for (std::size_t k = 0; k < pairs.size(); k += 4)
      levcl::test::check_breakpoint(context, "persistent", pairs[k].first, pairs[k].second, layouts[l]);
  }
}

// Run by the same ctest entry. POCL runs a workgroup a thread, so four workgroups on its two
// (two a compute unit) never all start: they gather, give up before any waits, and the
// launch runs again at one a unit, as the device's later launches do.
TEST_CASE("more workgroups than run at once on a CPU device give up and run again at one a unit" *
          doctest::skip(true)) {
  levcl::Context context;
  REQUIRE(context.device().type != "gpu");
  REQUIRE(context.device().compute_units == 2);
  const auto pairs = levcl::test::random_pairs(8, 1500, 59);
  const levcl::Params two_a_unit{{"unit-groups", 2}, {"wg", 32}, {"global-wg", 32}, {"spread", 0}, {"solo", 1}};
  const levcl::Params one_a_unit{{"unit-groups", 1}, {"wg", 32}, {"global-wg", 32}, {"spread", 0}, {"solo", 1}};
  const std::string& a = pairs.front().first;
  const std::string& b = pairs.front().second;
  const std::int64_t expected = context.distance(a, b, "cpu-dp").distance;
  // One launch a pair where its columns are global; the first call's launch that gave up
  // counts too, and later calls on the device run at one a unit from the start.
  const levcl::Result one = context.distance(a, b, "persistent", one_a_unit);
  CHECK(one.distance == expected);
  CHECK(one.costs.launches == 1);
  levcl::Context fresh;
  const levcl::Result gave_up = fresh.distance(a, b, "persistent", two_a_unit);
  CHECK(gave_up.distance == expected);
  CHECK(gave_up.costs.launches == 2);
  const levcl::Result after = fresh.distance(a, b, "persistent", two_a_unit);
  CHECK(after.distance == expected);
  CHECK(after.costs.launches == 1);
  CHECK(check_against_dp(fresh, pairs, "persistent", two_a_unit) == 8);
  // Columns dealt out in local memory, in a launch whose first try gives up.
  levcl::Context spread;
  const levcl::Params chunks{{"unit-groups", 2}, {"wg", 32}, {"global-wg", 64}, {"spread", 16}, {"halo", 5}};
  CHECK(check_against_dp(spread, pairs, "persistent", chunks) == 8);
  for (std::size_t k = 0; k < pairs.size(); k += 3)
    levcl::test::check_breakpoint(spread, "persistent", pairs[k].first, pairs[k].second, chunks);
}
