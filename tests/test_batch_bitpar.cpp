// What is particular to the batch_bitpar family: its chunks and bands, strings packed once
// per chunk however many pairs use them, its parameters' refusals. test_variants checks
// its distances and batches against cpu-dp; test_distances the routing around it.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <algorithm>
#include <doctest/doctest.h>

#include "batches.hpp"
#include "levcl/levcl.hpp"
#include "levcl/stream.hpp"

TEST_CASE("a batch equals cpu-dp pair by pair in one chunk and many, with bands from the whole matrix to one edit") {
  levcl::Context context;
  levcl::test::check_batch_runs(
      context, levcl::test::mixed_pairs(),
      {
          {{"batch-bitpar", {}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"chunk", 1}, {"wg", 1}}, -1, 2}, "batch-bitpar"},  // a chunk per KiB: two slots
          {{"batch-bitpar", {{"band", 0}}, -1, 2}, "batch-bitpar"},               // the whole matrix at once
          {{"batch-bitpar", {{"band", 1}}, -1, 2}, "batch-bitpar"},               // doubled from 1 edit to spare
      });
}

TEST_CASE("pairs over 256 rows on a workgroup of 32 each equal cpu-dp, one stripe of 1024 rows or several") {
  levcl::Context context;
  levcl::test::check_batch_runs(
      context, levcl::test::mixed_pairs(),
      {
          {{"batch-bitpar", {{"lanes", 32}}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"lanes", 32}, {"chunk", 1}}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"lanes", 32}, {"band", 0}}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"lanes", 32}, {"band", 1}}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"lanes", 1}}, -1, 2}, "batch-bitpar"},  // a work-item each, whatever the device
      });
}

TEST_CASE("long pairs as pieces of bitpar's sweeps equal cpu-dp, in one launch and with their bounds doubled") {
  // `pieces` low enough that most pairs of over a byte take bitpar's sweeps (in CI, on POCL,
  // without shuffles), the others batch_bitpar_lanes beside them.
  levcl::Context context;
  levcl::test::check_batch_runs(
      context, levcl::test::mixed_pairs(),
      {
          {{"batch-bitpar", {{"lanes", 32}, {"pieces", 2}}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"lanes", 32}, {"pieces", 300}}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"lanes", 32}, {"pieces", 300}, {"band", 0}}, -1, 2}, "batch-bitpar"},
          {{"batch-bitpar", {{"lanes", 32}, {"pieces", 300}, {"band", 1}}, -1, 2}, "batch-bitpar"},
      });
  const auto pairs = levcl::test::mixed_pairs();  // and under a k: -1 above it
  const levcl::BatchResult r = context.distances(
      levcl::test::views(pairs), levcl::Options{"batch-bitpar", {{"lanes", 32}, {"pieces", 300}, {"band", 1}}, 40, 2});
  CHECK(r.distances == levcl::test::reference(context, pairs, 40));
}

TEST_CASE("a batch of long pairs learns its first band on a probe; pairs beyond it are doubled as ever") {
  // Pairs whose shorter string is over a stripe (256 rows): of 5,000, a probe of about 256
  // sets the others' band; of 200, a probe of 50 (on POCL: a GPU's 200 fill it once at most,
  // and take the probe's width without one); a tenth of them, unrelated, end far above it.
  // With pieces=600, about half of them (probe and rest) are bitpar's pieces. Without pieces
  // the probe is a chunk of its own, the others' first chunk launched at the band its first
  // pass gives, beside its further passes for the pairs over its own band; that chunk is a
  // round of the device's pairs (the H100's 4,224), and more follow; with chunk=64 (KiB)
  // the others take many chunks after it.
  std::mt19937_64 rng(53);
  for (const int count : {5000, 200}) {
    CAPTURE(count);
    std::vector<levcl::test::Pair> pairs;
    for (int i = 0; i < count; ++i) {
      const std::string a = levcl::test::random_string(rng, 300 + rng() % 900, 4);
      pairs.push_back({a, i % 10 == 9 ? levcl::test::random_string(rng, 300 + rng() % 900, 4)
                                      : levcl::test::mutate(rng, a, 0.02 * (i % 7), 4)});
    }
    levcl::Context context;
    levcl::test::check_batch_runs(context, pairs,
                                  {
                                      {{"batch-bitpar", {}, -1, 2}, "batch-bitpar"},
                                      {{"batch-bitpar", {{"lanes", 32}}, -1, 2}, "batch-bitpar"},
                                      {{"batch-bitpar", {{"lanes", 32}, {"chunk", 64}}, -1, 2}, "batch-bitpar"},
                                      {{"batch-bitpar", {{"lanes", 32}, {"pieces", 600}}, -1, 2}, "batch-bitpar"},
                                      {{"batch-bitpar", {{"band", 1}}, -1, 2}, "batch-bitpar"},
                                  });
  }
}

TEST_CASE("a chunk of many megabytes, its bytes copied in part by part as each thread gathers them") {
  // 39 MB of strings: each host thread's share in parts of about 1 MiB, a copy each; every
  // pair once in one chunk, and again in chunks of 16 MiB, with `bases`. Of bytes 0-3; of A,
  // C, G and T (bases); and of bases but for the last string's last letter, an N: its chunk
  // is gathered again as bytes after its first parts have gone in as bases. The pairs with
  // strings in two pairs, claimed once each; and without them, each pair's own two.
  for (const std::string letters : {std::string("\0\1\2\3", 4), std::string("ACGT"), std::string("ACGTN")}) {
    CAPTURE(letters);
    levcl::Context context;
    std::mt19937_64 rng(17);
    const std::string alphabet = letters.substr(0, 4);
    std::vector<std::string> strings;
    for (int i = 0; i < 120000; ++i) strings.push_back(levcl::random_string(rng, 250 + i % 150, alphabet));
    std::vector<std::string_view> views(strings.begin(), strings.end());
    std::vector<levcl::IndexPair> pairs;
    for (std::uint32_t i = 0; i + 1 < views.size(); i += 2) {
      const std::string mutated = levcl::mutate(rng, strings[i], 0.05, alphabet);
      strings[i + 1] = i % 6 == 0 ? strings[i + 1] : mutated;
      views[i + 1] = strings[i + 1];
      pairs.push_back({i, i + 1});
    }
    strings.back().back() = letters.back();
    const std::vector<levcl::IndexPair> own = pairs;
    for (std::uint32_t i = 0; i + 3 < views.size(); i += 7) pairs.push_back({i + 3, i});  // strings in two pairs
    const levcl::BatchResult expected = context.distances(views, pairs, levcl::Options{"cpu-bitpar"});
    for (const std::int64_t chunk : {std::int64_t{1} << 20, std::int64_t{16} << 10}) {
      CAPTURE(chunk);
      const levcl::Options options{"batch-bitpar", {{"chunk", chunk}, {"bases", 1}}};
      CHECK(context.distances(views, pairs, options).distances == expected.distances);
      const std::vector<std::int64_t> got = context.distances(views, own, options).distances;
      CHECK(std::equal(got.begin(), got.end(), expected.distances.begin()));
    }
  }
}

TEST_CASE("a batch of over 2^18 pairs that fits in one chunk goes in several, the device on one while the host packs the next") {
  std::mt19937_64 rng(71);
  std::vector<std::string> strings;
  std::vector<levcl::IndexPair> pairs;
  for (std::uint32_t i = 0; i < 300000; ++i) {
    strings.push_back(levcl::test::random_string(rng, 1 + rng() % 12, 4));
    strings.push_back(levcl::test::mutate(rng, strings.back(), 0.3, 4));
    pairs.push_back({2 * i, 2 * i + 1});
  }
  const std::vector<std::string_view> views(strings.begin(), strings.end());
  levcl::Context context;
  const levcl::BatchResult expected = context.distances(views, pairs, levcl::Options{"cpu-bitpar"});
  CHECK(context.distances(views, pairs, levcl::Options{"batch-bitpar"}).distances == expected.distances);
}

TEST_CASE("batches of bases equal cpu-dp; a chunk with any other byte, a lower-case letter or an N, as bytes") {
  // Lengths around the bytes of bases (1-9) and the stripes (31-33, 255-257, 1023-1025).
  std::mt19937_64 rng(67);
  std::vector<levcl::test::Pair> pairs;
  for (const std::size_t length : {1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 150, 255, 256, 257, 1023, 1024, 1025, 3001})
    for (const double rate : {0.0, 0.02, 0.2, 0.6}) {
      const std::string a = levcl::random_string(rng, length, "ACGT");
      pairs.push_back({a, levcl::mutate(rng, a, rate, "ACGT")});
    }
  pairs.push_back({"A", "ACGTACGTTT"});
  const std::vector<levcl::test::BatchRun> runs = {
      {{"batch-bitpar", {{"bases", 1}}, -1, 2}, "batch-bitpar"},
      {{"batch-bitpar", {{"bases", 1}, {"chunk", 1}}, -1, 2}, "batch-bitpar"},  // a chunk per KiB
      {{"batch-bitpar", {{"bases", 1}, {"lanes", 32}, {"band", 1}}, -1, 2}, "batch-bitpar"},
      {{"batch-bitpar", {{"bases", 0}}, -1, 2}, "batch-bitpar"},  // as bytes all the same
  };
  levcl::Context context;
  levcl::test::check_batch_runs(context, pairs, runs);
  for (const char other : {'a', 'N', '\0'}) {  // in the last pair, after chunks of bases; and in the first
    CAPTURE(other);
    auto late = pairs;
    late.back().second.back() = other;
    levcl::test::check_batch_runs(context, late, runs);
    auto early = pairs;
    early.front().first = std::string(1, other);
    levcl::test::check_batch_runs(context, early, runs);
  }
}

TEST_CASE("parameters it cannot take are refused") {
  levcl::Context context;
  const std::vector<levcl::PairView> one = {{"a", "b"}};
  CHECK_THROWS_AS(context.distances(one, levcl::Options{"batch-bitpar", {{"chunk", 0}}, -1, 0}), levcl::Error);
  CHECK_THROWS_AS(context.distances(one, levcl::Options{"batch-bitpar", {{"tile", 3}}, -1, 0}), levcl::Error);
  CHECK_THROWS_AS(context.distances(one, levcl::Options{"batch-bitpar", {{"lanes", 5}}, -1, 0}), levcl::Error);
}

TEST_CASE("a batch over shared strings: all against all, each string packed once per chunk") {
  levcl::Context context;
  std::mt19937_64 rng(31);
  std::vector<std::string> texts;
  const std::string base = levcl::test::random_string(rng, 1500, 4);
  for (int i = 0; i < 24; ++i)  // related and unrelated strings of every size class, some over two stripes
    texts.push_back(i % 3 == 0 ? levcl::test::random_string(rng, rng() % 2500, i % 2 ? 4 : 256)
                               : levcl::test::mutate(rng, base.substr(0, 40 * i + 1), 0.05 * (i % 5), 4));
  const std::vector<std::string_view> strings(texts.begin(), texts.end());
  std::vector<levcl::IndexPair> pairs;
  std::vector<std::int64_t> expected;
  for (std::uint32_t i = 0; i < texts.size(); ++i)
    for (std::uint32_t j = i; j < texts.size(); ++j) {  // with each string against itself
      pairs.push_back({i, j});
      expected.push_back(context.distance(texts[i], texts[j], "cpu-dp").distance);
    }
  for (const levcl::Params& params :  // one chunk; many; pairs over 256 rows on 32 work-items
       {levcl::Params{}, levcl::Params{{"chunk", 4}}, levcl::Params{{"lanes", 32}, {"chunk", 4}}}) {
    const auto r = context.distances(strings, pairs, levcl::Options{"batch-bitpar", params, -1, 2});
    CHECK(r.distances == expected);
  }
  CHECK(context.distances(strings, pairs, levcl::Options{"cpu-bitpar", {}, -1, 2}).distances == expected);
  CHECK_THROWS_AS(context.distances(strings, {{0, 24}}), levcl::Error);  // no string 24
}

TEST_CASE("a stream keeps a long string pushed again once, and a reused buffer's new bytes as new") {
  levcl::Context context;
  std::mt19937_64 rng(41);
  const std::string query = levcl::test::random_string(rng, 3000, 4);
  std::vector<std::string> targets;
  for (int i = 0; i < 40; ++i) targets.push_back(levcl::test::mutate(rng, query, 0.02 * (i % 10), 4));
  std::vector<std::int64_t> expected, got;
  for (const auto& t : targets) expected.push_back(context.distance(query, t, "cpu-dp").distance);
  levcl::DistanceStream stream(context, levcl::Options{"batch-bitpar", {}, -1, 2},
                               [&](std::uint64_t, std::int64_t d) { got.push_back(d); });
  std::string buffer;  // one buffer for every target, as a record reader keeps it: same memory, new bytes
  buffer.reserve(4000);
  for (const auto& t : targets) {
    buffer.assign(t);
    stream.push(query, buffer);
  }
  stream.finish();
  CHECK(got == expected);
}
