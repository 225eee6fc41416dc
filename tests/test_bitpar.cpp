// What is particular to the bit-parallel family (bitpar, bitpar-vector, cpu-bitpar):
// many stripes chained through a ring of few bus slots, progress published every chunk, or
// through slots of their own, word by word,
// bands of a bound k across stripes, bands that must grow, alignments by the device
// variants' breakpoints (many pieces a launch). test_variants checks every
// variant's exactness like any other's.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <random>

#include "engines/bitpar/bitpar.hpp"
#include "exactness.hpp"
#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"

namespace {

using levcl::test::check_against_dp;
using levcl::test::Pair;

std::vector<std::string> family() {
  std::vector<std::string> names;
  for (const auto& v : levcl::list_variants())
    if (v.family == "bitpar") names.push_back(v.name);
  return names;
}

bool has_param(const std::string& variant, const std::string& name) {
  for (const auto& p : levcl::variant_info(variant).params)
    if (p.name == name) return true;
  return false;
}

// Pairs long enough for dozens of stripes (32 rows each at wg=1).
std::vector<Pair> long_pairs() {
  std::mt19937_64 rng(17);
  std::vector<Pair> pairs;
  for (const double rate : {0.0, 0.02, 0.2, 0.6}) {
    const std::string a = levcl::test::random_string(rng, 2500 + pairs.size() * 37, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, rate, 4)});
  }
  pairs.push_back({levcl::test::random_string(rng, 3000, 256), levcl::test::random_string(rng, 2000, 256)});
  return pairs;
}

}  // namespace

TEST_CASE("band_work in closed form: the cells and chain of the stripes one by one") {
  using levcl::detail::Band;
  // What band_work's comment says, stripe by stripe: each stripe's columns that meet the
  // band, a lead after the stripe above reached its first column.
  const auto by_stripes = [](std::int64_t m, std::int64_t n, std::int64_t height, std::int64_t lead, const Band& band) {
    levcl::detail::BandWork work;
    std::int64_t previous_first = -1, last_columns = 0;
    for (std::int64_t r0 = 0; r0 < m; r0 += height) {
      const auto cols = levcl::detail::stripe_columns(r0, std::min(m, r0 + height), n, band);
      if (cols.last < cols.first) continue;
      work.cells += static_cast<std::uint64_t>(cols.last - cols.first + 1) * (std::min(m, r0 + height) - r0);
      if (previous_first >= 0) work.chain += static_cast<std::uint64_t>(cols.first - previous_first + lead);
      previous_first = cols.first;
      last_columns = cols.last - cols.first + 1;
    }
    work.chain += static_cast<std::uint64_t>(last_columns);
    return work;
  };
  std::mt19937_64 rng(46);
  for (int i = 0; i < 200000; ++i) {
    const std::int64_t most = std::array<std::int64_t, 4>{40, 700, 20000, 300000}[rng() % 4];
    const auto m = static_cast<std::int64_t>(rng() % (most + 1)), n = static_cast<std::int64_t>(rng() % (most + 1));
    const std::int64_t height = std::array<std::int64_t, 7>{1, 3, 32, 64, 256, 1024, 2048}[rng() % 7];
    const auto lead = static_cast<std::int64_t>(rng() % 200);
    Band band{-m, n};  // every diagonal
    if (rng() % 2 && m > 0 && n > 0) {  // a bound's band, as the engines run them
      const std::int64_t difference = std::abs(m - n);
      band = levcl::detail::band_for(m, n, difference + static_cast<std::int64_t>(rng() % (std::max(m, n) + 1)));
    } else if (rng() % 2) {  // any band
      const auto x = -static_cast<std::int64_t>(rng() % (most + 1)), y = static_cast<std::int64_t>(rng() % (2 * most + 1)) - most;
      band = {std::min(x, y), std::max(x, y)};
    }
    const auto expected = by_stripes(m, n, height, lead, band), got = levcl::detail::band_work(m, n, height, lead, band);
    CAPTURE(m);
    CAPTURE(n);
    CAPTURE(height);
    CAPTURE(band.lo);
    CAPTURE(band.hi);
    REQUIRE(got.cells == expected.cells);
    REQUIRE(got.chain == expected.chain);
  }
}

TEST_CASE("many stripes through a ring of two or three bus slots, progress every chunk") {
  levcl::Context context;
  const auto pairs = long_pairs();
  for (const auto& variant : family()) {
    if (!has_param(variant, "slots")) continue;
    for (const std::int64_t slots : {2, 3})
      for (const std::int64_t chunk : {1, 3}) {
        levcl::Params params{{"slots", slots}, {"chunk", chunk}};
        if (has_param(variant, "wg")) params["wg"] = 1;  // 32-row stripes: about a hundred of them
        CHECK(check_against_dp(context, pairs, variant, params) == static_cast<int>(pairs.size()));
      }
  }
}

TEST_CASE("a slot a stripe, waited on word by word or through progress, whatever the band's stripes at once") {
  // `own` 1 and 0 force each kernel where the rule (2) would choose one by the band.
  levcl::Context context;
  const auto pairs = long_pairs();
  for (const auto& variant : family()) {
    if (!has_param(variant, "own")) continue;
    for (const std::int64_t own : {0, 1})
      for (const std::int64_t wg : {1, 32}) {
        levcl::Params params{{"own", own}};
        if (has_param(variant, "wg")) params["wg"] = wg;
        else if (wg != 1) continue;
        CAPTURE(variant);
        CAPTURE(own);
        CAPTURE(wg);
        CHECK(check_against_dp(context, pairs, variant, params) == static_cast<int>(pairs.size()));
      }
  }
}

TEST_CASE("lengths around a word, a stripe and several stripes, all 256 byte values") {
  // Words of 32 (bitpar) and 64 (bitpar-vector, cpu-bitpar) rows; stripes of 32 wg rows
  // (32 and 1024 at wg 1 and 32), of 256 rows and of cpu-bitpar's 256 or 512.
  levcl::Context context;
  const auto cases = levcl::test::edge_cases({32, 64, 256, 512, 1024, 2048});
  for (const auto& variant : family())
    for (const std::int64_t wg : {1, 32}) {
      levcl::Params params;
      if (has_param(variant, "wg")) params["wg"] = wg;
      else if (wg != 1) continue;
      CAPTURE(variant);
      CHECK(check_against_dp(context, cases, variant, params) == static_cast<int>(cases.size()));
    }
}

TEST_CASE("cpu-bitpar's stripes of four and eight blocks, whatever vector the CPU has: lengths around them, bounds") {
  levcl::Context context;
  const auto cases = levcl::test::edge_cases({64, 256, 512, 1024});
  const auto pairs = long_pairs();
  for (const std::int64_t blocks : {4, 8}) {
    CAPTURE(blocks);
    const levcl::Params params{{"blocks", blocks}};
    CHECK(check_against_dp(context, cases, "cpu-bitpar", params) == static_cast<int>(cases.size()));
    for (const auto& [a, b] : pairs) {
      const std::int64_t d = context.distance(a, b, "cpu-dp").distance;
      CHECK(context.distance(a, b, levcl::Options{"cpu-bitpar", params, d}).distance == d);
      if (d > 0) CHECK(context.distance(a, b, levcl::Options{"cpu-bitpar", params, d - 1}).distance == -1);
    }
  }
  CHECK_THROWS_AS(context.distance("kitten", "sitting", "cpu-bitpar", {{"blocks", 5}}), levcl::Error);
}

TEST_CASE("a bound k: a band across the stripes, exact at k, -1 below it") {
  levcl::Context context;
  const auto pairs = long_pairs();
  for (const auto& variant : family())
    for (const auto& [a, b] : pairs) {
      const std::int64_t d = context.distance(a, b, "cpu-dp").distance;
      levcl::Params params;
      if (has_param(variant, "wg")) params["wg"] = 2;
      CAPTURE(variant);
      CAPTURE(d);
      for (const std::int64_t k : {d, d + 1, d + 40, 2 * d + 3})
        CHECK(context.distance(a, b, levcl::Options{variant, params, k}).distance == d);
      if (d > 0) {
        CHECK(context.distance(a, b, levcl::Options{variant, params, d - 1}).distance == -1);
        CHECK(context.distance(a, b, levcl::Options{variant, params, (d - 1) / 3}).distance == -1);
      }
    }
}

TEST_CASE("a band that starts too narrow grows until the distance fits") {
  // The first 1024 bytes agree, so the estimate from them is far too low; the rest differ.
  std::mt19937_64 rng(5);
  const std::string start = levcl::test::random_string(rng, 1500, 4);
  const std::vector<Pair> pairs = {
      {start + levcl::test::random_string(rng, 6000, 4), start + levcl::test::random_string(rng, 5500, 4)},
      {start + levcl::test::random_string(rng, 3000, 4), start},
  };
  levcl::Context context;
  for (const auto& variant : family()) CHECK(check_against_dp(context, pairs, variant, {}) == 2);
}

TEST_CASE("first bands from estimates too high and too low stay exact: mosaic pairs") {
  // Indels and a moved block that the sample's windows may miss or overcount: the first band
  // is then too narrow (it grows to D' or twice) or wider than needed.
  levcl::Context context;
  std::vector<Pair> pairs;
  for (const double similarity : {0.6, 0.9, 0.99, 0.999}) {
    const auto p = levcl::mosaic_pair(12000, similarity, 21);
    pairs.push_back({p.a, p.b});
  }
  for (const auto& variant : family()) {
    CAPTURE(variant);
    CHECK(check_against_dp(context, pairs, variant, {}) == static_cast<int>(pairs.size()));
  }
}

TEST_CASE("alignments by the device variants' breakpoints: many pieces a launch, rings of two slots, replayed") {
  // Each level's pieces are swept in one launch, rows the longer side of each; the CIGAR is
  // replayed against the distance of cpu-dp.
  levcl::Context context;
  std::vector<Pair> pairs;
  for (const double similarity : {0.5, 0.9, 0.99}) {
    const auto p = levcl::mosaic_pair(9000, similarity, 3);
    pairs.push_back({p.a, p.b});
  }
  for (const auto& variant : family()) {
    if (!has_param(variant, "slots")) continue;  // the device variants
    for (const std::int64_t slots : {0, 2}) {
      levcl::Params params{{"slots", slots}};
      if (has_param(variant, "wg")) params["wg"] = 2;
      for (const auto& [a, b] : pairs) {
        CAPTURE(variant);
        CAPTURE(slots);
        const std::int64_t d = context.distance(a, b, "cpu-dp").distance;
        const levcl::Alignment r = context.align(a, b, levcl::Options{variant, params});
        CHECK(r.distance == d);
        CHECK(levcl::verify_alignment(a, b, r.cigar) == d);
      }
    }
  }
}

TEST_CASE("alignments whose pieces narrow to a single byte: every split shrinks its piece") {
  // The sweeps meet at a piece's middle column; a piece of one column (or one row) has none
  // between its ends, so it is swept as a single row and split at its middle column there.
  // Its distance is far above the traceback's, so it is split again and again.
  levcl::Context context;
  std::mt19937_64 rng(48);
  const std::string a = levcl::test::random_string(rng, 1500, 4);
  // (A byte matching only the other string's last puts the least sum on the last row: a piece
  // of one column split at that column had the whole piece as its first half, forever.)
  const std::string tail = std::string(300, 'A') + "C";
  const std::vector<Pair> pairs = {{a, a.substr(700, 1)}, {a.substr(3, 1), a}, {a, a.substr(0, 2)},
                                   {a.substr(9, 3), a}, {tail, "C"}, {"C", tail}};
  for (const auto& variant : family()) {
    if (!has_param(variant, "slots")) continue;  // the device variants
    for (const auto& [x, y] : pairs) {
      CAPTURE(variant);
      CAPTURE(y.size());
      const std::int64_t d = context.distance(x, y, "cpu-dp").distance;
      const levcl::Alignment r = context.align(x, y, levcl::Options{variant, {}});
      CHECK(r.distance == d);
      CHECK(levcl::verify_alignment(x, y, r.cigar) == d);
    }
  }
}

TEST_CASE("pieces meet on the device or on the host: the same breakpoints, the same CIGAR") {
  // bitpar's `meet`: rows of a launch's pieces from which they meet on the device
  // (bitpar_meet). 0: every launch there; 2^30: every one on the host. Pieces of one column
  // (column 0 for a backward edge), of one row, and edges that share no row included.
  levcl::Context context;
  std::mt19937_64 rng(62);
  const std::string a = levcl::test::random_string(rng, 1500, 4);
  const std::string tail = std::string(300, 'A') + "C";
  std::vector<Pair> pairs = {{a, a.substr(700, 1)}, {a.substr(3, 1), a}, {a.substr(9, 3), a}, {tail, "C"},
                             {"C", tail},          {a, a}};
  for (const double similarity : {0.5, 0.8, 0.95, 0.999}) {
    const auto p = levcl::mosaic_pair(7000 + static_cast<std::size_t>(1000 * similarity), similarity, 62);
    pairs.push_back({p.a, p.b});
  }
  pairs.push_back({levcl::test::random_string(rng, 2049, 256), levcl::test::random_string(rng, 1023, 256)});
  for (const auto& variant : family()) {
    if (!has_param(variant, "meet")) continue;
    for (const auto& [x, y] : pairs) {
      CAPTURE(variant);
      CAPTURE(x.size());
      CAPTURE(y.size());
      const std::int64_t d = context.distance(x, y, "cpu-dp").distance;
      const levcl::Alignment device = context.align(x, y, levcl::Options{variant, {{"meet", 0}}});
      const levcl::Alignment host = context.align(x, y, levcl::Options{variant, {{"meet", 1 << 30}}});
      CHECK(device.distance == d);
      CHECK(levcl::verify_alignment(x, y, device.cigar) == d);
      CHECK(device.cigar == host.cigar);
      CHECK(context.distance(x, y, levcl::Options{variant, {{"meet", 0}}}).distance == d);
    }
  }
}

TEST_CASE("an alignment's device memory within 40 bytes per byte of its strings: its tracebacks in launches of a share") {
  // A divergent pair traces thousands of pieces at its last level; all their fronts in one
  // launch took 50-64 bytes a byte beside the bus.
  levcl::Context context;
  std::mt19937_64 rng(40);
  const std::string a = levcl::test::random_string(rng, 40000, 4), b = levcl::test::random_string(rng, 40000, 4);
  for (const auto& variant : family()) {
    if (!has_param(variant, "slots")) continue;  // the device variants
    CAPTURE(variant);
    const levcl::Alignment r = context.align(a, b, levcl::Options{variant, {}});
    CHECK(levcl::verify_alignment(a, b, r.cigar) == r.distance);
    CHECK(r.distance == context.distance(a, b, "cpu-bitpar").distance);
    CHECK(r.peak_device_bytes <= 40 * (a.size() + b.size()));
  }
}

TEST_CASE("symbol codes of long strings read in slices: every byte held, wherever it lies") {
  // Every byte value once, around where any number of host threads cuts the two strings
  // (end to end) into slices, and at both ends of each; the rest 'A'.
  std::string a((3u << 20) / 2, 'A'), b((3u << 20) / 2 + 3, 'A');
  const std::size_t total = a.size() + b.size();
  std::vector<std::size_t> places{0, a.size() - 1, a.size(), total - 1};
  for (std::size_t slices = 2; slices <= 64; ++slices)
    for (std::size_t s = 1; s < slices; ++s)
      for (const std::size_t at : {total * s / slices - 1, total * s / slices}) places.push_back(at);
  std::array<bool, 256> seen{};
  seen['A'] = true;
  for (std::size_t k = 0; k < places.size(); ++k) {
    const auto byte = static_cast<char>(k % 256);
    (places[k] < a.size() ? a[places[k]] : b[places[k] - a.size()]) = byte;
    seen[static_cast<unsigned char>(byte)] = true;
  }
  const levcl::detail::SymbolCodes expected = levcl::detail::symbol_codes(seen), found = levcl::detail::symbol_codes(a, b);
  CHECK(found.count == expected.count);
  CHECK(found.of == expected.of);
  // Fewer bytes: the codes count only those held.
  const levcl::detail::SymbolCodes dna = levcl::detail::symbol_codes(std::string(3u << 20, 'C') + "GT", "A");
  CHECK(dna.count == 5);
  CHECK(dna.of[static_cast<unsigned char>('T')] == 4);
}
