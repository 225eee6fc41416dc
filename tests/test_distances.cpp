// Context::distances and DistanceStream: which engines auto gives a batch's pairs (a batch
// engine, single-pair engines where the cost models predict a pair finishes sooner alone),
// a named variant's pairs, the CPU variants on host threads, max_distance, and streams.
// Every distance is checked against cpu-dp.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <algorithm>
#include <functional>
#include <random>
#include <chrono>

#include "batches.hpp"
#include "levcl/levcl.hpp"
#include "levcl/stream.hpp"

namespace {

using levcl::test::mixed_pairs;
using levcl::test::Pair;
using levcl::test::reference;
using levcl::test::views;

}  // namespace

TEST_CASE("a batch equals cpu-dp pair by pair: auto, the batch engine, a CPU variant on threads") {
  levcl::Context context;
  levcl::test::check_batch_runs(context, mixed_pairs(),
                                {{{"auto", {}, -1, 0}, ""},
                                 {{"batch-bitpar", {}, -1, 0}, "batch-bitpar"},
                                 {{"cpu-bitpar", {}, -1, 2}, "cpu-bitpar"}});
}

TEST_CASE("auto keeps short pairs in the batch engine: none can pay for a call of its own") {
  levcl::Context context;
  levcl::test::check_batch_runs(context, levcl::test::random_pairs(300, 200, 5),
                                {{{"auto", {}, -1, 0}, "batch-bitpar"}});
}

TEST_CASE("a named device variant without a batch engine runs pair by pair") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(12, 400, 9);
  const auto r = context.distances(views(pairs), levcl::Options{"bitpar", {}, -1, 0});
  CHECK(r.distances == reference(context, pairs));
  CHECK(r.variant_pairs.at("bitpar") == pairs.size());
  CHECK(r.costs.launches >= pairs.size());
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

TEST_CASE("auto runs alone a pair whose chain in the batch engine is predicted to outlast it alone") {
  levcl::Context context;
  std::mt19937_64 rng(3);
  const std::string a = levcl::test::random_string(rng, 36000, 4);
  const std::vector<Pair> pairs = {{a, levcl::test::mutate(rng, a, 0.3, 4)}, {"kitten", "sitting"}};
  const auto r = context.distances(views(pairs));
  CHECK(r.distances == reference(context, pairs));
  CHECK(r.variant_pairs.at("batch-bitpar") == 1);
  CHECK(r.variant_pairs.size() == 2);  // and one single-pair engine
}

TEST_CASE("auto's long similar pairs end in a bounded wavefront pass on a GPU; the others go on to the batch engine") {
  levcl::Context context;
  std::mt19937_64 rng(19);
  std::vector<Pair> pairs;
  for (int i = 0; i < 6; ++i) {  // 5 kbp at 99.5%: d of about 25, within 10 kbp / 64
    const std::string a = levcl::test::random_string(rng, 5000 + 37 * i, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, 0.005, 4)});
  }
  for (int i = 0; i < 2; ++i) {  // 5 kbp at 70%: above the bound, on to batch-bitpar
    const std::string a = levcl::test::random_string(rng, 5000, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, 0.3, 4)});
  }
  pairs.push_back({"kitten", "sitting"});  // short: never tried
  for (const std::int64_t k : {-1, 100}) {
    CAPTURE(k);
    const auto r = context.distances(views(pairs), levcl::Options{"auto", {}, k, 0});
    CHECK(r.distances == reference(context, pairs, k));
    std::size_t computed = 0;
    for (const auto& [variant, count] : r.variant_pairs) computed += count;
    CHECK(computed == pairs.size());
    if (levcl::select_device().type == "gpu") {
      CHECK(r.variant_pairs.at("wfa-batch") == 6);
      CHECK(r.variant_pairs.at("batch-bitpar") == 3);
    } else {
      CHECK(r.variant_pairs.at("batch-bitpar") == pairs.size());
    }
  }
}

TEST_CASE("all against all with runs of N: pairs whose symbol counts put them above the trial's bound skip it") {
  // 20 genomes of 5 kbp at 99.5%, strings shared by 19 pairs each (the symbol counts pay
  // off), three with a run of unknown bases of their own length: at least 400 from the
  // others, above the trial's bound of 10 kbp / 32.
  levcl::Context context;
  std::mt19937_64 rng(23);
  const std::string root = levcl::test::random_string(rng, 5000, 4);
  std::vector<std::string> genomes;
  for (int g = 0; g < 20; ++g) {
    std::string genome = levcl::test::mutate(rng, root, 0.005, 4);
    if (g % 7 == 3) genome.replace(1000, 400 + 100 * g / 7, 400 + 100 * g / 7, 'N');
    genomes.push_back(genome);
  }
  const std::vector<std::string_view> strings(genomes.begin(), genomes.end());
  std::vector<levcl::IndexPair> pairs;
  std::vector<Pair> owned;
  for (std::uint32_t a = 0; a < strings.size(); ++a)
    for (std::uint32_t b = a + 1; b < strings.size(); ++b) {
      pairs.push_back({a, b});
      owned.push_back({genomes[a], genomes[b]});
    }
  const std::vector<std::int64_t> expected = reference(context, owned);
  for (const std::int64_t k : {-1, 200, 500}) {
    CAPTURE(k);
    std::vector<std::int64_t> within = expected;
    for (std::int64_t& d : within) d = k >= 0 && d > k ? -1 : d;
    CHECK(context.distances(strings, pairs, levcl::Options{"auto", {}, k, 0}).distances == within);
  }
}

TEST_CASE("an empty batch, and bad variants or parameters") {
  levcl::Context context;
  CHECK(context.distances({}).distances.empty());
  const std::vector<levcl::PairView> one = {{"a", "b"}};
  CHECK_THROWS_AS(context.distances(one, levcl::Options{"no-such-variant", {}, -1, 0}), levcl::Error);
  // A pair that names a string the batch lacks, among many good ones, in distances and aligns.
  const std::vector<std::string_view> strings(200000, "ACGT");
  std::vector<levcl::IndexPair> pairs;
  for (std::uint32_t i = 0; i + 1 < strings.size(); i += 2) pairs.push_back({i, i + 1});
  CHECK(context.distances(strings, pairs).distances == std::vector<std::int64_t>(pairs.size(), 0));
  pairs[pairs.size() / 3].b = static_cast<std::uint32_t>(strings.size());
  for (const auto& call : std::vector<std::function<void()>>{[&] { context.distances(strings, pairs); },
                                                               [&] { context.aligns(strings, pairs); }}) {
    try {
      call();
      FAIL("no error");
    } catch (const levcl::Error& e) {
      CHECK(e.code() == levcl::ErrorCode::invalid_argument);
      CHECK(std::string(e.what()).find("names string 200000 of a batch of 200000") != std::string::npos);
    }
  }
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
    CHECK(stream.totals().costs.cells > 0);
  }
}

TEST_CASE("a chunk views held strings, once each by their memory; it copies the others") {
  const std::string x(3000, 'A'), y(3000, 'C'), z(10, 'G');
  std::string copy_of_x = x;
  levcl::PairChunk chunk;
  chunk.add(x, y, {true, true});
  chunk.add(x, z, {true, false});
  chunk.add(y, x, {true, true});
  chunk.add(copy_of_x, y, {false, true});  // the same bytes elsewhere, not held: copied
  CHECK(chunk.size() == 4);
  CHECK(chunk.bytes() == z.size() + copy_of_x.size());
  const auto strings = chunk.strings();
  CHECK(strings.size() == 4);  // x, y, z, the copy
  CHECK(chunk.a(0).data() == x.data());
  CHECK(chunk.b(0).data() == y.data());
  CHECK(chunk.a(1).data() == x.data());
  CHECK(chunk.b(1) == z);
  CHECK(chunk.b(1).data() != z.data());
  CHECK(chunk.a(3) == x);
  CHECK(chunk.a(3).data() != copy_of_x.data());
  CHECK(chunk.pairs()[0].a == chunk.pairs()[1].a);
  CHECK(chunk.pairs()[2].b == chunk.pairs()[0].a);
  chunk.clear();
  CHECK(chunk.empty());
  CHECK(chunk.strings().empty());
}

TEST_CASE("a stream of held records, all against all, equals cpu-dp") {
  levcl::Context context;
  std::mt19937_64 rng(41);
  std::vector<std::string> records;
  for (int r = 0; r < 24; ++r) records.push_back(levcl::test::random_string(rng, 1500 + 37 * r, 4));
  std::vector<std::int64_t> expected, got;
  for (std::size_t i = 0; i < records.size(); ++i)
    for (std::size_t j = i + 1; j < records.size(); ++j)
      expected.push_back(context.distance(records[i], records[j], "cpu-dp").distance);
  levcl::DistanceStream stream(context, levcl::Options{"auto", {}, -1, 2},
                               [&](std::uint64_t, std::int64_t distance) { got.push_back(distance); });
  for (std::size_t i = 0; i < records.size(); ++i)
    for (std::size_t j = i + 1; j < records.size(); ++j) stream.push(records[i], records[j], {true, true});
  stream.finish();
  CHECK(got == expected);
}

TEST_CASE("a stream's chunks: about half a second each, growing past a chunk's fixed time") {
  levcl::ChunkSizer sizer;
  CHECK(sizer.pairs() == 256);
  // One chunk: all of its time per pair. Slow pairs: half a second's, at least half as many.
  sizer.ran(256, 0.25);
  CHECK(sizer.pairs() == 512);
  sizer.ran(512, 8.0);
  CHECK(sizer.pairs() == 256);
  // A fixed 50 ms a chunk and 5.5 us a pair (the SARS-CoV-2 all-vs-all on the H100): the
  // fitted rate asks for 81,000 pairs, eight times the last chunk at most.
  levcl::ChunkSizer fixed;
  fixed.ran(256, 0.05 + 256 * 5.5e-6);
  CHECK(fixed.pairs() == 8 * 256 + 16);  // the chunk's own rate: 0.5 s would be 2,240 pairs
  fixed.ran(2064, 0.05 + 2064 * 5.5e-6);
  CHECK(fixed.pairs() == 8 * 2064 + 16);
  fixed.ran(16528, 0.05 + 16528 * 5.5e-6);
  CHECK(fixed.pairs() == doctest::Approx((0.5 - 0.05) / 5.5e-6).epsilon(0.001));
  // Fast pairs: eightfold each chunk, though the stream delivers a chunk only once the one
  // after it was filled (with the size asked before).
  levcl::ChunkSizer fast;
  fast.ran(256, 0.001);
  CHECK(fast.pairs() == 8 * 256 + 16);
  fast.ran(256, 0.001);  // the second chunk, filled before the first was delivered
  CHECK(fast.pairs() == 8 * (8 * 256 + 16) + 16);
  // Time that does not grow with the pairs: as many more as allowed.
  levcl::ChunkSizer flat;
  flat.ran(100, 0.1);
  flat.ran(800, 0.09);
  CHECK(flat.pairs() == 8 * 800 + 16);
  // A chunk of harder pairs (no fixed part fits): its own rate, at least half its pairs.
  levcl::ChunkSizer harder;
  harder.ran(1000, 0.1);
  harder.ran(8000, 2.0);
  CHECK(harder.pairs() == 4000);
}

TEST_CASE("a stream of slow pairs delivers results as they finish, not when its 64 MiB chunk is full") {
  levcl::Context context;
  std::mt19937_64 rng(37);
  // 4000 pairs of 4 kbp at 50%: one chunk by bytes (the strings are kept once); seconds on POCL.
  const std::string a = levcl::test::random_string(rng, 4000, 4), b = levcl::test::mutate(rng, a, 0.5, 4);
  const std::int64_t expected = context.distance(a, b, "cpu-bitpar").distance;
  // The program built first: a first chunk that builds it arrives late for that alone.
  CHECK(context.distances({{a, b}}, levcl::Options{"batch-bitpar"}).distances.front() == expected);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::vector<double> arrivals;  // seconds from the start, a result each
  levcl::DistanceStream stream(context, levcl::Options{"batch-bitpar"}, [&](std::uint64_t, std::int64_t distance) {
    CHECK(distance == expected);
    arrivals.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  });
  for (int i = 0; i < 4000; ++i) stream.push(a, b);
  CHECK(stream.delivered() >= 256);  // the first chunks' results came before the end of the input
  stream.finish();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  REQUIRE(arrivals.size() == 4000);
  MESSAGE("4000 pairs in " << seconds << " s, the first result after " << arrivals.front() << " s");
  // Where the run lasts (POCL: seconds), the first results arrive within its first third,
  // and many within its first half.
  if (seconds > 1) {
    CHECK(arrivals.front() < seconds / 3);
    CHECK(std::count_if(arrivals.begin(), arrivals.end(), [&](double t) { return t < seconds / 2; }) >= 400);
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
