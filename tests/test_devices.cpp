// Tests of a context over several devices (levcl::select_devices, Context over "all" or a
// list): batches, shared strings, alignments and streams dealt to both devices, exact and
// in input order; an error on a device names it. ctest runs this with
// POCL_DEVICES="pthread pthread", two CPU devices of one platform.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "api/first_device_alone.hpp"
#include "levcl/levcl.hpp"
#include "levcl/stream.hpp"
#include "test_files.hpp"
#include "test_support.hpp"

namespace {

// "P:0,P:1" for the first platform with two devices or more.
std::string two_devices() {
  const auto devices = levcl::list_devices();
  for (const auto& d : devices)
    for (const auto& e : devices)
      if (e.platform_index == d.platform_index && e.device_index == d.device_index + 1)
        return std::to_string(d.platform_index) + ":" + std::to_string(d.device_index) + "," +
               std::to_string(e.platform_index) + ":" + std::to_string(e.device_index);
  return "";
}

levcl::ErrorCode code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const levcl::Error& e) {
    return e.code();
  }
  return levcl::ErrorCode::internal;  // nothing thrown
}

// Pairs of 40 kbp (1.6e9 cells: over kSinglePairCells, where bitpar splits a pair), one
// string against copies of it edited at each rate, with their cpu-bitpar distances.
struct LongPair {
  std::string a, b;
  std::int64_t distance;
};
std::vector<LongPair> long_pairs(unsigned seed, const std::vector<double>& rates) {
  std::mt19937_64 rng(seed);
  const std::string a = levcl::test::random_string(rng, 40000, 4);
  levcl::Context reference;
  std::vector<LongPair> out;
  for (const double rate : rates) {
    std::string b = levcl::test::mutate(rng, a, rate, 4);
    const std::int64_t d = reference.distance(a, b, "cpu-bitpar").distance;
    out.push_back({a, std::move(b), d});
  }
  return out;
}

// Pairs of many lengths and similarities, empty and one-byte strings among them.
std::vector<std::pair<std::string, std::string>> random_pairs(std::mt19937_64& rng, std::size_t count) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t length = i % 17 == 0 ? i % 2 : 1 + rng() % 3000;
    const std::string a = levcl::test::random_string(rng, length, i % 5 == 0 ? 256 : 4);
    pairs.emplace_back(a, levcl::test::mutate(rng, a, 0.02 + 0.1 * static_cast<double>(i % 6), 4));
  }
  return pairs;
}

}  // namespace

TEST_CASE("select_devices: all, lists, and the specs it refuses") {
  const std::string both = two_devices();
  REQUIRE_MESSAGE(!both.empty(), "two devices of one platform (POCL_DEVICES=\"pthread pthread\")");
  const auto listed = levcl::select_devices(both);
  REQUIRE(listed.size() == 2);
  CHECK(listed[1].device_index == listed[0].device_index + 1);
  CHECK(levcl::select_devices("all").size() >= 2);
  CHECK(levcl::select_devices(listed[0].name.substr(0, 6)).size() == 1);  // one spec, one device
  const std::string first = both.substr(0, both.find(','));
  CHECK(code_of([&] { levcl::select_devices(first + "," + first); }) == levcl::ErrorCode::invalid_argument);
  CHECK(code_of([&] { levcl::select_devices(both + ","); }) == levcl::ErrorCode::invalid_argument);
  CHECK(code_of([&] { levcl::select_devices(first + ",99:0"); }) == levcl::ErrorCode::device_not_found);
  CHECK(code_of([&] { levcl::Context context(first + ",99:0"); }) == levcl::ErrorCode::device_not_found);
}

TEST_CASE("devices_named: every device a name matches (levcl-mpi's ranks take them in turn)") {
  const std::string both = two_devices();
  REQUIRE(!both.empty());
  const auto listed = levcl::select_devices(both);
  const std::string name = listed[0].name.substr(0, 6);
  const auto named = levcl::devices_named(name);
  CHECK(named.size() >= 2);
  CHECK(named[0].device_index == listed[0].device_index);
  CHECK(named[1].device_index == listed[1].device_index);
  CHECK(levcl::devices_named(both.substr(0, both.find(','))).size() == 1);  // an index names one
  CHECK(levcl::devices_named(both).size() == 2);
  CHECK(code_of([] { levcl::devices_named("no-such-device"); }) == levcl::ErrorCode::device_not_found);
}

TEST_CASE("a batch that is its host's work on GPUs runs on the first alone; CPU devices take shares of any") {
  const std::string read(150, 'A'), genome(10000, 'C');
  const std::vector<std::string_view> strings{read, genome};
  const std::vector<levcl::IndexPair> reads(100000, {0, 0}), genomes(10, {1, 1});
  std::vector<levcl::IndexPair> mixed(reads);  // a few long pairs among many short ones still fill the devices
  for (std::size_t i = 0; i < mixed.size(); i += 100) mixed[i] = {1, 1};
  CHECK(levcl::detail::first_device_alone(true, strings, reads));
  CHECK_FALSE(levcl::detail::first_device_alone(true, strings, genomes));
  CHECK_FALSE(levcl::detail::first_device_alone(true, strings, mixed));
  CHECK_FALSE(levcl::detail::first_device_alone(false, strings, reads));
  CHECK_FALSE(levcl::detail::first_device_alone(true, strings, {}));
}

TEST_CASE("a batch over two devices: every distance exact, in input order, both devices used") {
  levcl::Context context(two_devices());
  REQUIRE(context.devices().size() == 2);
  std::mt19937_64 rng(41);
  const auto pairs = random_pairs(rng, 96);
  std::vector<levcl::PairView> views;
  for (const auto& [a, b] : pairs) views.push_back({a, b});
  levcl::Context reference;
  for (const std::string variant : {"auto", "batch-bitpar"}) {
    const levcl::BatchResult r = context.distances(views, levcl::Options{variant});
    REQUIRE(r.distances.size() == pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      CAPTURE(i);
      CHECK(r.distances[i] == reference.distance(pairs[i].first, pairs[i].second, "cpu-dp").distance);
    }
    CAPTURE(r.device);
    // Two alike devices: a share of the batch each.
    CHECK(r.device.find(context.devices()[0].name) != std::string::npos);
    CHECK(r.device.find(", ") != std::string::npos);
    CHECK(r.costs.cells > 0);
  }
  // With a bound: -1 above it, in order.
  const levcl::BatchResult bounded = context.distances(views, levcl::Options{"auto", {}, 40});
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::int64_t d = reference.distance(pairs[i].first, pairs[i].second, "cpu-dp").distance;
    CHECK(bounded.distances[i] == (d > 40 ? -1 : d));
  }
  // One pair runs on the first device (its program built first: on a GPU whose programs are
  // cold, auto's default runs a single pair on the host meanwhile, ColdPrograms::host_on_gpu).
  context.set_cold_programs(levcl::ColdPrograms::build);
  const levcl::Result one = context.distance(pairs[3].first, pairs[3].second);
  CHECK(one.distance == reference.distance(pairs[3].first, pairs[3].second, "cpu-dp").distance);
  CHECK(one.device == context.devices()[0].name);
}

TEST_CASE("shared strings over two devices: all against all") {
  levcl::Context context(two_devices());
  std::mt19937_64 rng(43);
  const std::string root = levcl::test::random_string(rng, 2000, 4);
  std::vector<std::string> records;
  for (int i = 0; i < 12; ++i) records.push_back(levcl::test::mutate(rng, root, 0.01 * i, 4));
  std::vector<std::string_view> strings(records.begin(), records.end());
  std::vector<levcl::IndexPair> pairs;
  for (std::uint32_t i = 0; i < strings.size(); ++i)
    for (std::uint32_t j = i + 1; j < strings.size(); ++j) pairs.push_back({i, j});
  const levcl::BatchResult r = context.distances(strings, pairs);
  levcl::Context reference;
  for (std::size_t k = 0; k < pairs.size(); ++k)
    CHECK(r.distances[k] == reference.distance(strings[pairs[k].a], strings[pairs[k].b], "cpu-dp").distance);
}

TEST_CASE("alignments and a stream over two devices") {
  levcl::Context context(two_devices());
  std::mt19937_64 rng(47);
  const auto pairs = random_pairs(rng, 24);
  std::vector<levcl::PairView> views;
  for (const auto& [a, b] : pairs) views.push_back({a, b});
  const levcl::BatchAlignment aligned = context.aligns(views);
  REQUIRE(aligned.alignments.size() == pairs.size());
  levcl::Context reference;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::int64_t d = reference.distance(pairs[i].first, pairs[i].second, "cpu-dp").distance;
    CHECK(aligned.alignments[i].distance == d);
    CHECK(levcl::verify_alignment(pairs[i].first, pairs[i].second, aligned.alignments[i].cigar) == d);
  }
  CHECK(!aligned.device.empty());

  std::vector<std::int64_t> streamed;
  levcl::DistanceStream stream(context, levcl::Options{}, [&](std::uint64_t index, std::int64_t d) {
    CHECK(index == streamed.size());
    streamed.push_back(d);
  });
  for (const auto& [a, b] : pairs) stream.push(a, b);
  stream.finish();
  REQUIRE(streamed.size() == pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) CHECK(streamed[i] == aligned.alignments[i].distance);
}

TEST_CASE("an error on one of the devices names it, and the context stays usable") {
  levcl::Context context(two_devices());
  const levcl::DeviceInfo device = context.device();
  // tile-local with more local memory than the device has: refused where the chunk runs.
  std::int64_t wg = 64;
  while (std::uint64_t{2 * 64 * 64 * 4} * static_cast<std::uint64_t>(wg) <= device.local_memory) wg *= 2;
  std::vector<levcl::PairView> views(8, levcl::PairView{"ACGTACGT", "ACGTTCGT"});
  try {
    context.distances(views, levcl::Options{"tile-local", {{"tile", 64}, {"wg", wg}}});
    FAIL("no error");
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::unsupported);
    CHECK(std::string(e.what()).find("device 0:") == 0);
    CHECK(std::string(e.what()).find(device.name) != std::string::npos);
  }
  CHECK(context.distances(views).distances == std::vector<std::int64_t>(8, 1));
}

TEST_CASE("one long pair over two devices: the left half of the columns swept forward on one, the right half backward on the other") {
  levcl::Context context(two_devices());
  const auto pairs = long_pairs(53, {0.5, 0.03});
  for (const auto& [a, b, expected] : pairs) {
    CAPTURE(expected);
    for (const std::string variant : {"bitpar", "bitpar-vector"}) {
      CAPTURE(variant);
      const levcl::Result r = context.distance(a, b, variant);
      CHECK(r.distance == expected);
      CHECK(r.device.find(", ") != std::string::npos);  // both devices
      CHECK(r.costs.cells > 0);
      // A bound: the band of k on both devices.
      CHECK(context.distance(a, b, levcl::Options{variant, {}, expected}).distance == expected);
      CHECK(context.distance(a, b, levcl::Options{variant, {}, expected - 1}).distance == -1);
    }
    // A variant that runs on one device only stays on the first.
    const levcl::Result one = context.distance(a, b, "cpu-bitpar");
    CHECK(one.distance == expected);
    CHECK(one.device == "cpu");
  }
  // A pair below a device's fill runs on the first device alone.
  const std::string& a = pairs.front().a;
  const levcl::Result small = context.distance(a.substr(0, 3000), a.substr(1000, 3000), "bitpar-vector");
  CHECK(small.device == context.devices()[0].name);
}

// "P:0,...,P:count-1": the first `count` devices of the first platform that has that many.
std::string first_devices(std::size_t count) {
  std::map<std::size_t, std::size_t> per_platform;
  for (const auto& d : levcl::list_devices()) ++per_platform[d.platform_index];
  for (const auto& [platform, devices] : per_platform) {
    if (devices < count) continue;
    std::string spec;
    for (std::size_t k = 0; k < count; ++k) spec += (k ? "," : "") + std::to_string(platform) + ":" + std::to_string(k);
    return spec;
  }
  return "";
}

// ctest runs this case again with four CPU devices (test_devices_rows).
TEST_CASE("one long pair over three and four devices: each sweep's rows in blocks, their bottom rows handed down tile by tile" *
          doctest::skip(first_devices(3).empty())) {
  std::mt19937_64 rng(61);
  // Lengths off every stripe, word and tile size; similar and divergent; rows the longer.
  const std::string a = levcl::test::random_string(rng, 41003, 4);
  struct Pair {
    std::string a, b;
  };
  const std::vector<Pair> pairs = {{a, levcl::test::mutate(rng, a, 0.5, 4)},
                                   {a, levcl::test::mutate(rng, a, 0.03, 4)},
                                   {a.substr(0, 30001), levcl::test::mutate(rng, a, 0.1, 4)},
                                   {a, a.substr(7, 38888)}};
  levcl::Context reference;
  for (const std::size_t count : {std::size_t{3}, std::size_t{4}}) {
    const std::string spec = first_devices(count);
    if (spec.empty()) continue;  // three devices only
    CAPTURE(spec);
    levcl::Context context(spec);
    for (const Pair& pair : pairs) {
      const std::int64_t expected = reference.distance(pair.a, pair.b, "cpu-bitpar").distance;
      CAPTURE(expected);
      for (const std::string variant : {"bitpar-vector", "bitpar"}) {
        for (const std::int64_t tiles : {1, 4, 16}) {
          CAPTURE(variant);
          CAPTURE(tiles);
          levcl::Params params{{"tiles", tiles}, {"parts", 1}};  // blocks even where the halves would pay
          // Stripes of 2,048 rows and of 1,024, taller than tiles 16 are wide (the band's top
          // edge leaves a stripe behind while the one below goes on into the next tile).
          if (variant == "bitpar") params.insert({{"wg", 32}, {"wide", tiles == 16 ? 1 : 0}});
          const levcl::Result r = context.distance(pair.a, pair.b, levcl::Options{variant, params});
          CHECK(r.distance == expected);
          CHECK(std::count(r.device.begin(), r.device.end(), ',') == static_cast<long>(count) - 1);  // every device
          CHECK(r.costs.cells > 0);
          // A bound: the band of k on every device (a narrow band's top edge leaves stripes
          // behind from tile to tile).
          CHECK(context.distance(pair.a, pair.b, levcl::Options{variant, params, expected}).distance == expected);
          CHECK(context.distance(pair.a, pair.b, levcl::Options{variant, params, expected - 1}).distance == -1);
          if (tiles != 4) continue;
          // By default GPUs' stripes choose: 40 stripes of 1,024 rows on two compute units (POCL
          // here) are more than a wave's 12 a unit, so the two halves run, on two devices.
          if (variant == "bitpar" && context.devices()[0].compute_units <= 2) {
            const levcl::Result halves = context.distance(pair.a, pair.b, variant);
            CHECK(halves.distance == expected);
            CHECK(std::count(halves.device.begin(), halves.device.end(), ',') == 1);
          }
        }
      }
    }
  }
}

// PartLinks between contexts of one process, as levcl-mpi's ranks would be: a queue of bytes
// from each part to each.
class Queues {
 public:
  explicit Queues(std::size_t parts) : parts_(parts), boxes_(parts * parts) {}
  levcl::PartLinks links(std::size_t part) {
    levcl::PartLinks l;
    l.part = part;
    l.parts = parts_;
    l.send = [this, part](std::size_t to, std::string bytes) {
      std::lock_guard<std::mutex> lock(mutex_);
      boxes_[part * parts_ + to].push_back(std::move(bytes));
      ready_.notify_all();
    };
    l.receive = [this, part](std::size_t from) {
      std::unique_lock<std::mutex> lock(mutex_);
      auto& box = boxes_[from * parts_ + part];
      ready_.wait(lock, [&box] { return !box.empty(); });
      std::string bytes = std::move(box.front());
      box.pop_front();
      return bytes;
    };
    return l;
  }

 private:
  std::size_t parts_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<std::deque<std::string>> boxes_;
};

TEST_CASE("one long pair over two and four contexts, each a part of it (levcl-mpi's ranks); a part that fails is named") {
  std::mt19937_64 rng(67);
  const std::string a = levcl::test::random_string(rng, 40001, 4);
  // Each band's other parts asked on threads of their own, as levcl-mpi's ranks are; how
  // many bands part 0 asked for.
  const auto spread = [](std::vector<levcl::Context>& contexts, const std::string& a, const std::string& b,
                         const levcl::Options& options, int& asked) {
    Queues queues(contexts.size());
    std::vector<levcl::PartLinks> links;
    for (std::size_t p = 0; p < contexts.size(); ++p) links.push_back(queues.links(p));
    std::vector<levcl::Context::RowParts> parts(contexts.size());
    for (std::size_t p = 1; p < contexts.size(); ++p) parts[p] = contexts[p].row_parts(a, b, links[p]);
    std::vector<std::future<void>> running;
    asked = 0;
    const auto ask = [&](const std::string& variant, const levcl::Params& params, std::int64_t bound) {
      ++asked;
      for (auto& share : running) share.get();
      running.clear();
      for (std::size_t p = 1; p < contexts.size(); ++p)
        running.push_back(std::async(std::launch::async, [&, p, variant, params, bound] { parts[p](variant, params, bound); }));
    };
    const levcl::Result r = contexts[0].distance(a, b, options, links[0], ask);
    for (auto& share : running) share.get();
    return r;
  };
  for (const double rate : {0.3, 0.02}) {
    const std::string b = levcl::test::mutate(rng, a, rate, 4);
    const std::int64_t expected = levcl::Context().distance(a, b, "cpu-bitpar").distance;
    CAPTURE(expected);
    for (const std::size_t count : {std::size_t{2}, std::size_t{4}}) {  // the two halves; blocks of rows
      std::vector<levcl::Context> contexts(count);
      for (const std::int64_t k : {std::int64_t{-1}, expected, expected - 1}) {
        for (const std::int64_t tiles : {1, 5}) {
          CAPTURE(count);
          CAPTURE(k);
          CAPTURE(tiles);
          int asked = 0;
          const levcl::Result r = spread(contexts, a, b, levcl::Options{"bitpar-vector", {{"tiles", tiles}}, k}, asked);
          CHECK(r.distance == (k == expected - 1 ? -1 : expected));
          CHECK(r.device.find(std::to_string(count - 1) + " more parts") != std::string::npos);
          CHECK(asked >= 1);
        }
      }
      // Pairs the engine does not spread never ask.
      int asked = 0;
      CHECK(spread(contexts, a, b, levcl::Options{"cpu-bitpar"}, asked).distance == expected);
      CHECK(asked == 0);
      CHECK(spread(contexts, a.substr(0, 3000), b.substr(0, 3000), levcl::Options{"bitpar-vector"}, asked).distance ==
            contexts[0].distance(a.substr(0, 3000), b.substr(0, 3000), "cpu-dp").distance);
      CHECK(asked == 0);
    }
  }
  // Part 2's device cannot be found: the error names the part, and nothing waits forever.
  std::vector<levcl::Context> failing(4);
  for (const std::size_t p : {0, 1, 3}) failing[p].device();  // found now; part 2's when first needed, below
  const levcl::test::ScopedEnv env("LEVCL_DEVICE", "no-such-device");
  const std::string b = levcl::test::mutate(rng, a, 0.3, 4);
  int asked = 0;
  try {
    spread(failing, a, b, levcl::Options{"bitpar-vector"}, asked);
    FAIL("no error");
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::device_not_found);
    CHECK(std::string(e.what()).find("part 2") != std::string::npos);
  }
}

TEST_CASE("LEVCL_DEVICE naming several devices spreads a default context; one it cannot find fails only at first use") {
  {
    const levcl::test::ScopedEnv env("LEVCL_DEVICE", two_devices());
    levcl::Context context;
    CHECK(context.devices().size() == 2);
  }
  const levcl::test::ScopedEnv env("LEVCL_DEVICE", "no-such-device");
  levcl::Context context;  // the default device is found when first needed
  CHECK(context.distance("kitten", "sitting", "cpu-dp").distance == 3);
  CHECK(code_of([&] { context.device(); }) == levcl::ErrorCode::device_not_found);
}
