// Batches: Context::distances through the batch engine, the long-pair engines and the CPU
// variants on host threads, and DistanceStream. Every distance is checked against cpu-dp.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "exactness.hpp"
#include "levcl/levcl.hpp"
#include "levcl/stream.hpp"

namespace {

using levcl::test::Pair;

std::vector<levcl::PairView> views(const std::vector<Pair>& pairs) {
  std::vector<levcl::PairView> out;
  for (const auto& [a, b] : pairs) out.push_back({a, b});
  return out;
}

std::vector<std::int64_t> reference(levcl::Context& context, const std::vector<Pair>& pairs, std::int64_t k = -1) {
  std::vector<std::int64_t> out;
  for (const auto& [a, b] : pairs) {
    const std::int64_t d = context.distance(a, b, "cpu-dp").distance;
    out.push_back(k >= 0 && d > k ? -1 : d);
  }
  return out;
}

// Every size class of the batch engine (1 to 8 blocks of 32 rows, and many stripes of 8
// blocks), in one batch with the edge cases.
std::vector<Pair> mixed_pairs() {
  auto pairs = levcl::test::edge_cases({32, 64, 128, 256, 512, 1024, 2048});
  const auto random = levcl::test::random_pairs(120, 1500, 5);
  pairs.insert(pairs.end(), random.begin(), random.end());
  std::mt19937_64 rng(8);
  for (std::size_t len : {3000, 3100}) {  // pairs of three and four stripes
    const std::string a = levcl::test::random_string(rng, len, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, 0.05, 4)});
    pairs.push_back({levcl::test::random_string(rng, len, 256), a});
  }
  return pairs;
}

}  // namespace

TEST_CASE("a batch equals cpu-dp pair by pair: auto, batch-bitpar (one chunk and many, bands), a CPU variant on threads") {
  levcl::Context context;
  const auto pairs = mixed_pairs();
  const auto expected = reference(context, pairs);
  struct Run {
    levcl::Options options;
    std::string engine;  // the variant that must have computed every pair
  };
  const Run runs[] = {
      {{"auto", {}, -1, 0}, "batch-bitpar"},
      {{"batch-bitpar", {}, -1, 2}, "batch-bitpar"},
      {{"batch-bitpar", {{"chunk", 1}, {"wg", 1}}, -1, 2}, "batch-bitpar"},  // a chunk per KiB: the pipeline's two slots
      {{"batch-bitpar", {{"band", 0}}, -1, 2}, "batch-bitpar"},               // the whole matrix at once
      {{"batch-bitpar", {{"band", 1}}, -1, 2}, "batch-bitpar"},               // bands doubled from 1 edit to spare
      {{"cpu-bitpar", {}, -1, 2}, "cpu-bitpar"},
  };
  for (const auto& run : runs) {
    CAPTURE(run.options.variant);
    const levcl::BatchResult r = context.distances(views(pairs), run.options);
    REQUIRE(r.distances.size() == pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      CAPTURE(i);
      CAPTURE(pairs[i].first.size());
      CAPTURE(pairs[i].second.size());
      REQUIRE(r.distances[i] == expected[i]);
    }
    CHECK(r.variant_pairs.size() == 1);
    CHECK(r.variant_pairs.at(run.engine) == pairs.size());
    CHECK(r.cells > 0);
  }
}

TEST_CASE("a named device variant without a batch engine runs pair by pair") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(12, 400, 9);
  const auto r = context.distances(views(pairs), levcl::Options{"bitpar", {}, -1, 0});
  CHECK(r.distances == reference(context, pairs));
  CHECK(r.variant_pairs.at("bitpar") == pairs.size());
  CHECK(r.launches >= pairs.size());
}

TEST_CASE("max_distance: -1 above k, the distance up to it, for every engine") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(60, 600, 11);
  for (const std::int64_t k : {0, 5, 50}) {
    const auto expected = reference(context, pairs, k);
    for (const std::string variant : {"auto", "batch-bitpar", "cpu-wfa"}) {
      CAPTURE(variant);
      CAPTURE(k);
      CHECK(context.distances(views(pairs), levcl::Options{variant, {}, k, 2}).distances == expected);
    }
  }
}

TEST_CASE("auto sends a pair over the batch engine's size to a single-pair engine") {
  levcl::Context context;
  std::mt19937_64 rng(3);
  const std::string a = levcl::test::random_string(rng, 36000, 4);
  const std::vector<Pair> pairs = {{a, levcl::test::mutate(rng, a, 0.3, 4)}, {"kitten", "sitting"}};
  const auto r = context.distances(views(pairs));
  CHECK(r.distances == reference(context, pairs));
  CHECK(r.variant_pairs.at("batch-bitpar") == 1);
  CHECK(r.variant_pairs.size() == 2);  // and one single-pair engine
}

TEST_CASE("an empty batch, and bad variants or parameters") {
  levcl::Context context;
  CHECK(context.distances({}).distances.empty());
  const std::vector<levcl::PairView> one = {{"a", "b"}};
  CHECK_THROWS_AS(context.distances(one, levcl::Options{"no-such-variant", {}, -1, 0}), levcl::Error);
  CHECK_THROWS_AS(context.distances(one, levcl::Options{"batch-bitpar", {{"chunk", 0}}, -1, 0}), levcl::Error);
}

TEST_CASE("a stream delivers every result in order, chunk by chunk, with at most two chunks held") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(300, 200, 21);
  const auto expected = reference(context, pairs);
  for (const std::string variant : {"auto", "cpu-bitpar"}) {
    CAPTURE(variant);
    std::vector<std::int64_t> got;
    std::uint64_t most_held = 0;
    levcl::DistanceStream* watched = nullptr;
    levcl::DistanceStream stream(
        context, levcl::Options{variant, {}, -1, 2},
        [&](std::uint64_t index, std::int64_t distance) {
          CHECK(index == got.size());
          got.push_back(distance);
        },
        2000);  // bytes per chunk: a few dozen pairs
    watched = &stream;
    for (const auto& [a, b] : pairs) {
      stream.push(a, b);
      most_held = std::max(most_held, watched->pushed() - watched->delivered());
    }
    CHECK(stream.delivered() > 0);  // chunks ran before the end
    stream.finish();
    CHECK(got == expected);
    CHECK(stream.delivered() == pairs.size());
    CHECK(most_held < 200);  // two chunks of about 2000 bytes, never the whole input
    CHECK(stream.totals().cells > 0);
  }
}

TEST_CASE("a stream's failure is thrown to the caller after the results before it") {
  levcl::Context context;
  std::vector<std::int64_t> got;
  levcl::DistanceStream stream(context, levcl::Options{"no-such-variant", {}, -1, 0},
                               [&](std::uint64_t, std::int64_t d) { got.push_back(d); }, 1);
  CHECK_THROWS_AS(
      {
        stream.push("a", "b");
        stream.push("c", "d");
        stream.finish();
      },
      levcl::Error);
  CHECK(got.empty());
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
  for (const levcl::Params& params : {levcl::Params{}, levcl::Params{{"chunk", 4}}}) {  // one chunk; many
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
