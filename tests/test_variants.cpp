// Every variant of the registry (levcl::list_variants()), checked against cpu-dp without
// being named here, in what it can do (its capabilities; the test cases are named after
// them): distances on the edge cases and random pairs, for each parameter value its kind
// of sweep calls for, with max_distance below, at and above the distance, and on real
// genome pairs; batches; breakpoints and the alignments split at them; tracebacks.
// tests/variant_tests.cmake makes one ctest entry per variant and capability from the
// same list.
//
//   test_variants --variant=NAME [doctest options]   checks one variant
//   test_variants --list-variants                     prints each name and its capabilities
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <set>

#include "breakpoints.hpp"
#include "exactness.hpp"
#include "levcl/io.hpp"
#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"
#include "test_files.hpp"

namespace {

using levcl::test::Pair;

std::string variant_name;  // --variant

const levcl::VariantInfo& variant() { return levcl::variant_info(variant_name); }

// The values a parameter is checked at: where its kind of sweep makes bugs likely (one,
// odd and power-of-two workgroups; the shortest tiles and some long ones; reading after
// every launch or almost never), its default, and every value of a small range.
std::vector<std::int64_t> values_to_check(const levcl::ParamSpec& spec) {
  std::vector<std::int64_t> candidates;
  switch (spec.sweep) {
    case levcl::Sweep::workgroup: candidates = {1, 7, 32, 64}; break;
    case levcl::Sweep::tile: candidates = {1, 2, 3, 5, 8, 15, 31, 100}; break;
    case levcl::Sweep::read_interval: candidates = {1, 2, 3, 5000}; break;
    case levcl::Sweep::none:
      if (spec.max_value - spec.min_value < 4)
        for (auto v = spec.min_value; v <= spec.max_value; ++v) candidates.push_back(v);
      break;
  }
  candidates.push_back(spec.default_value);
  std::set<std::int64_t> values;
  for (auto v : candidates)
    if (v >= spec.min_value && v <= spec.max_value) values.insert(v);
  return {values.begin(), values.end()};
}

struct Configuration {
  std::string label;            // what differs from the defaults
  levcl::Params params;
  std::vector<std::size_t> sizes;  // lengths the edge cases go around
};

// The defaults; each parameter at each of its values with the others at their defaults;
// and every parameter at its smallest value at once. Every parameter is given, so that the
// tuning database plays no part. Those the device cannot run are left out (the family
// tests check that they are refused).
std::vector<Configuration> configurations(const levcl::DeviceInfo* device) {
  const auto& info = variant();
  levcl::Params defaults;
  for (const auto& spec : info.params) defaults[spec.name] = spec.default_value;
  std::vector<Configuration> out = {{"defaults", defaults, {8, 16, 64}}};
  levcl::Params smallest;
  for (const auto& spec : info.params) {
    const auto values = values_to_check(spec);
    smallest[spec.name] = values.front();
    for (auto v : values) {
      if (v == spec.default_value) continue;
      levcl::Params params = defaults;
      params[spec.name] = v;
      Configuration c{spec.name + "=" + std::to_string(v), params, {8, 16, 64}};
      // Workgroups and tiles: lengths around one, two and five of them.
      if (spec.sweep == levcl::Sweep::workgroup || spec.sweep == levcl::Sweep::tile)
        for (auto s : {v, 2 * v, 2 * v + 2, 10 * v}) c.sizes.push_back(static_cast<std::size_t>(s));
      out.push_back(std::move(c));
    }
  }
  if (!smallest.empty()) out.push_back({"smallest values", smallest, {1, 2, 3, 8}});
  if (!device) return out;
  std::vector<Configuration> runnable;
  for (auto& c : out) {
    const std::string why = levcl::unrunnable_reason(*device, info.name, c.params);
    if (why.empty())
      runnable.push_back(std::move(c));
    else
      MESSAGE(info.name << " " << c.label << " not checked: " << why);
  }
  return runnable;
}

// The first record of two files of a data folder, with their expected lengths.
levcl::StringPair genome_pair(const std::string& a_path, std::size_t a_length, const std::string& b_path,
                              std::size_t b_length) {
  levcl::StringPair pair{levcl::read_sequence(a_path), levcl::read_sequence(b_path)};
  REQUIRE(pair.a.size() == a_length);
  REQUIRE(pair.b.size() == b_length);
  return pair;
}

// A context for the variant: CPU variants need no device.
struct Checked {
  levcl::Context context;
  const levcl::DeviceInfo* device = variant().uses_device ? &context.device() : nullptr;
};

}  // namespace

TEST_CASE("distance: exact on the edge cases and random pairs, for each parameter value") {
  Checked c;
  const auto pairs = levcl::test::random_pairs(25, 1500, 41);
  for (const auto& config : configurations(c.device)) {
    CAPTURE(config.label);
    const auto cases = levcl::test::edge_cases(config.sizes);
    CHECK(levcl::test::check_against_dp(c.context, cases, variant_name, config.params) ==
          static_cast<int>(cases.size()));
    CHECK(levcl::test::check_against_dp(c.context, pairs, variant_name, config.params) == 25);
  }
}

TEST_CASE("distance: exact on more random pairs with default parameters") {
  Checked c;
  const auto pairs = levcl::test::random_pairs(120, 2500, 8);
  CHECK(levcl::test::check_against_dp(c.context, pairs, variant_name, {}, [&](const Pair&, const levcl::Result& r) {
          CHECK(r.variant == variant_name);
          CHECK(r.costs.seconds >= 0);
          CHECK(r.costs.build_seconds >= 0);
          if (c.device) CHECK(r.device == c.device->name);
        }) == 120);
}

TEST_CASE("distance: max_distance, the distance when it is at most k, else -1") {
  Checked c;
  auto pairs = levcl::test::random_pairs(30, 1200, 77);
  pairs.push_back({"", ""});
  pairs.push_back({"", "abc"});
  pairs.push_back({"kitten", "sitting"});
  for (const auto& [a, b] : pairs) {
    const std::int64_t d = c.context.distance(a, b, "cpu-dp").distance;
    CAPTURE(a.size());
    CAPTURE(b.size());
    CAPTURE(d);
    const auto with = [&](std::int64_t k) { return c.context.distance(a, b, levcl::Options{variant_name, {}, k}).distance; };
    CHECK(with(d) == d);
    CHECK(with(d + 1) == d);
    CHECK(with(static_cast<std::int64_t>(std::max(a.size(), b.size())) + 5) == d);
    CHECK(with(-1) == d);
    if (d > 0) {
      CHECK(with(d - 1) == -1);
      CHECK(with(0) == -1);
      CHECK(with(d / 2) == -1);
    }
  }
}

TEST_CASE("distance: HIV-1 genomes, 1988") {
  Checked c;
  const std::string dir = LEVCL_PATH(LEVCL_SAMPLE_DIR);
  const auto [a, b] = genome_pair(dir + "/AF133821.1.fa.gz", 10035, dir + "/AY352275.1.fa.gz", 10280);
  CHECK(c.context.distance(a, b, variant_name).distance == 1988);
  CHECK(c.context.distance(a, b, levcl::Options{variant_name, {}, 1987}).distance == -1);
}

// A ctest entry of its own per variant (--test-case=HHV*), so that ctest spreads the long
// pairs over the cores.
TEST_CASE("HHV-6B vs EBV (162 x 172 kbp): distance 92,254" * doctest::skip(true)) {
  Checked c;
  const std::string dir = LEVCL_PATH(LEVCL_TEST_DATA_DIR) + "/cudalign";
  const auto [a, b] = genome_pair(dir + "/NC_000898.1.fa.gz", 162114, dir + "/NC_007605.1.fa.gz", 171823);
  const auto result = c.context.distance(a, b, variant_name);
  CHECK(result.distance == 92254);
  MESSAGE(variant_name << " on " << result.device << ": " << result.costs.seconds << " s, " << result.costs.cells << " cells");
}

TEST_CASE("batch: every pair of a batch as cpu-dp, over views and over shared strings, with max_distance") {
  Checked c;
  auto pairs = levcl::test::edge_cases({32, 64, 256, 1024});
  const auto random = levcl::test::random_pairs(80, 3000, 13);
  pairs.insert(pairs.end(), random.begin(), random.end());
  std::vector<levcl::PairView> views;
  std::vector<std::string_view> strings;
  std::vector<levcl::IndexPair> indices;
  for (const auto& [a, b] : pairs) {
    views.push_back({a, b});
    indices.push_back({static_cast<std::uint32_t>(strings.size()), static_cast<std::uint32_t>(strings.size() + 1)});
    strings.push_back(a);
    strings.push_back(b);
  }
  for (std::size_t i = 0; i + 1 < pairs.size(); ++i)  // the same strings again, in other pairs
    indices.push_back({static_cast<std::uint32_t>(2 * i), static_cast<std::uint32_t>(2 * i + 3)});
  for (const std::int64_t k : {-1, 0, 40}) {
    CAPTURE(k);
    const levcl::Options options{variant_name, {}, k, 2};
    const levcl::BatchResult by_views = c.context.distances(views, options);
    const levcl::BatchResult shared = c.context.distances(strings, indices, options);
    REQUIRE(by_views.distances.size() == pairs.size());
    REQUIRE(shared.distances.size() == indices.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
      const std::string_view a = strings[indices[i].a], b = strings[indices[i].b];
      const std::int64_t d = c.context.distance(a, b, "cpu-dp").distance;
      const std::int64_t expected = k >= 0 && d > k ? -1 : d;
      CAPTURE(i);
      CHECK(shared.distances[i] == expected);
      if (i < pairs.size()) CHECK(by_views.distances[i] == expected);
    }
    CHECK(by_views.variant_pairs.at(variant_name) == pairs.size());
  }
}

TEST_CASE("breakpoint: on an optimal path, its scores the halves' distances") {
  Checked c;
  auto pairs = levcl::test::random_pairs(40, 1500, 5);
  for (const auto& edge : levcl::test::edge_cases({8, 64})) pairs.push_back(edge);
  for (const auto& [a, b] : pairs) levcl::test::check_breakpoint(c.context, variant_name, a, b, {});
  // Above the bound: the bound + 1, and no cell.
  CHECK(levcl::detail::find_breakpoint(*c.device, variant_name, "kitten", "sitting", {}, 2).distance == 3);
}

TEST_CASE("breakpoint: alignments split at its breakpoints replay at the distance") {
  Checked c;
  auto pairs = levcl::test::random_pairs(30, 2000, 17);
  for (const auto& edge : levcl::test::edge_cases({7, 64})) pairs.push_back(edge);
  // Pairs long enough for an estimate of their distance (bitpar's top pieces: their whole
  // matrix below 2^30 cells), similar and divergent.
  std::mt19937_64 rng(29);
  for (const double rate : {0.03, 0.2}) {
    const std::string a = levcl::test::random_string(rng, 6000, 4);
    pairs.emplace_back(a, levcl::test::mutate(rng, a, rate, 4));
  }
  for (const auto& [a, b] : pairs) {
    CAPTURE(a.size());
    CAPTURE(b.size());
    const levcl::Alignment r = c.context.align(a, b, {variant_name});
    const std::int64_t d = c.context.distance(a, b, "cpu-dp").distance;
    REQUIRE(r.distance == d);
    CHECK(levcl::verify_alignment(a, b, r.cigar) == d);
    CHECK(r.variant == variant_name);
  }
}

TEST_CASE("traceback: pieces of every distance up to its limit, traced at their distance") {
  Checked c;
  const std::int64_t limit = levcl::detail::traceback_limit(variant_name);
  std::mt19937_64 rng(23);
  // Pieces of distance 64 or more, where the limit allows: fronts wider than two passes of a
  // workgroup of 64 work-items.
  const std::int64_t wide = std::min<std::int64_t>(limit, 64);
  int traced = 0, wide_traced = 0;
  for (int attempt = 0; attempt < 300; ++attempt) {
    const std::string a = levcl::test::random_string(rng, 1 + rng() % 600, attempt % 3 ? 4 : 256);
    const std::string b = levcl::test::mutate(rng, a, 0.004 * static_cast<double>(attempt % 50), 4);
    if (a.empty() || b.empty()) continue;
    const std::int64_t d = c.context.distance(a, b, "cpu-dp").distance;
    if (d > limit) continue;
    CAPTURE(a.size());
    CAPTURE(b.size());
    CAPTURE(d);
    CHECK(levcl::verify_alignment(a, b, levcl::detail::traced_cigar(*c.device, variant_name, a, b, d)) == d);
    ++traced;
    wide_traced += d >= wide;
  }
  CHECK(traced >= 40);
  CHECK(wide_traced >= 10);
}

int main(int argc, char** argv) {
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--list-variants") == 0) {
      for (const auto& v : levcl::list_variants()) {
        std::cout << v.name;
        for (const auto capability : v.capabilities) std::cout << ' ' << levcl::capability_name(capability);
        std::cout << '\n';
      }
      return 0;
    }
    if (std::strncmp(argv[i], "--variant=", 10) == 0)
      variant_name = argv[i] + 10;
    else
      rest.push_back(argv[i]);
  }
  if (variant_name.empty()) {
    std::cerr << "test_variants: give --variant=NAME (one of: levcl --list-variants), or --list-variants\n";
    return 2;
  }
  levcl::variant_info(variant_name);  // throws for an unknown name
  doctest::Context context(static_cast<int>(rest.size()), rest.data());
  return context.run();
}
