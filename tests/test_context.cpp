// Tests of device selection, Context (threads, moves, result fields), the program
// binary cache and LEVCL_KERNEL_DIR.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "kernel_sources.hpp"
#include "levcl/levcl.hpp"
#include "levcl/tuning.hpp"
#include "test_files.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using levcl::test::mutate;
using levcl::test::random_string;

namespace {

using levcl::test::ScopedEnv;
using levcl::test::TempDir;

// Regular files anywhere under dir (0 when it does not exist).
std::size_t count_files(const fs::path& dir) {
  if (!fs::exists(dir)) return 0;
  std::size_t n = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) ++n;
  return n;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool same_device(const levcl::DeviceInfo& x, const levcl::DeviceInfo& y) {
  return x.platform_index == y.platform_index && x.device_index == y.device_index &&
         x.name == y.name && x.platform == y.platform;
}

// Checks that f throws levcl::Error with the given code.
template <typename F>
void check_throws_code(F&& f, levcl::ErrorCode code) {
  try {
    f();
    FAIL("no exception; expected levcl::Error code " << static_cast<int>(code));
  } catch (const levcl::Error& e) {
    CHECK_MESSAGE(e.code() == code, "code " << static_cast<int>(e.code()) << ": " << e.what());
  }
}

// A pair like the benchmark's synthetic ones: b is a mutated copy of a.
struct Pair {
  std::string a, b;
};
Pair random_pair(std::uint64_t seed, std::size_t length, int alphabet, double rate) {
  std::mt19937_64 rng(seed);
  Pair p;
  p.a = random_string(rng, length, alphabet);
  p.b = mutate(rng, p.a, rate, alphabet);
  return p;
}

}  // namespace

TEST_CASE("list_devices finds at least one device") {
  auto devices = levcl::list_devices();
  REQUIRE_FALSE(devices.empty());
  for (const auto& d : devices) {
    CHECK_FALSE(d.name.empty());
    CHECK_FALSE(d.platform.empty());
    CHECK(d.compute_units > 0);
    CHECK(d.max_workgroup > 0);
    CHECK(d.global_memory > 0);
  }
}

TEST_CASE("select_device") {
  ScopedEnv no_env("LEVCL_DEVICE", std::nullopt);
  auto devices = levcl::list_devices();
  REQUIRE_FALSE(devices.empty());

  SUBCASE("default") {
    auto d = levcl::select_device("");
    CHECK_FALSE(d.name.empty());
    auto d2 = levcl::select_device();
    CHECK(same_device(d, d2));
  }
  SUBCASE("by index") {
    CHECK(same_device(levcl::select_device("0"), devices[0]));
    auto last = std::to_string(devices.size() - 1);
    CHECK(same_device(levcl::select_device(last), devices.back()));
  }
  SUBCASE("by platform:device") {
    auto d = levcl::select_device("0:0");
    CHECK(d.platform_index == 0);
    CHECK(d.device_index == 0);
    CHECK(same_device(d, devices[0]));
    const auto& last = devices.back();
    auto spec = std::to_string(last.platform_index) + ":" + std::to_string(last.device_index);
    CHECK(same_device(levcl::select_device(spec), last));
  }
  SUBCASE("by case-insensitive name substring") {
    std::string platform = upper(devices[0].platform);
    REQUIRE(platform.size() >= 2);
    std::string part = platform.substr(1, std::min<std::size_t>(platform.size() - 1, 6));
    auto d = levcl::select_device(part);
    CHECK(upper(d.platform).find(part) != std::string::npos);
    // The device name (mixed case) selects that device too.
    std::string name_part = devices[0].name.substr(0, std::min<std::size_t>(devices[0].name.size(), 12));
    auto by_name = levcl::select_device(upper(name_part));
    CHECK(upper(by_name.name).find(upper(name_part)) != std::string::npos);
    // And so does a part of the platform's vendor ("pocl" for POCL, whose platform is
    // named "Portable Computing Language").
    const std::string vendor = upper(devices[0].platform_vendor);
    REQUIRE(vendor.size() >= 4);
    const auto by_vendor = levcl::select_device(vendor.substr(vendor.size() - 4));
    CHECK(upper(by_vendor.platform_vendor).find(vendor.substr(vendor.size() - 4)) != std::string::npos);
  }
  SUBCASE("LEVCL_DEVICE is honoured by the default selection") {
    const auto& last = devices.back();
    {
      ScopedEnv env("LEVCL_DEVICE", std::to_string(devices.size() - 1));
      CHECK(same_device(levcl::select_device(""), last));
    }
    {
      ScopedEnv env("LEVCL_DEVICE", "no-such-device-xyz");
      check_throws_code([] { levcl::select_device(""); }, levcl::ErrorCode::device_not_found);
      // An explicit spec wins over the environment.
      CHECK(same_device(levcl::select_device("0"), devices[0]));
    }
    CHECK_FALSE(levcl::select_device("").name.empty());
  }
  SUBCASE("unknown spec") {
    check_throws_code([] { levcl::select_device("no-such-device-xyz"); },
                      levcl::ErrorCode::device_not_found);
  }
  SUBCASE("out-of-range index") {
    auto n = std::to_string(devices.size());
    check_throws_code([&] { levcl::select_device(n); }, levcl::ErrorCode::device_not_found);
    check_throws_code([] { levcl::select_device("999"); }, levcl::ErrorCode::device_not_found);
    check_throws_code([] { levcl::select_device("99:0"); }, levcl::ErrorCode::device_not_found);
    check_throws_code([] { levcl::select_device("0:99"); }, levcl::ErrorCode::device_not_found);
  }
}

TEST_CASE("Context with an unknown device fails with device_not_found") {
  // The device is opened lazily: construction or the first device call may throw.
  check_throws_code(
      [] {
        levcl::Context context("no-such-device-xyz");
        context.distance("kitten", "sitting", "minreads");
      },
      levcl::ErrorCode::device_not_found);
}

TEST_CASE("result fields") {
  levcl::Context context;
  auto pair = random_pair(7, 3000, 4, 0.05);
  auto reference = context.distance(pair.a, pair.b, "cpu-dp");
  CHECK(reference.variant == "cpu-dp");
  CHECK(reference.device == "cpu");
  CHECK(reference.costs.cells > 0);
  CHECK(reference.distance > 0);

  SUBCASE("device variant") {
    auto r = context.distance(pair.a, pair.b, "minreads");
    CHECK(r.distance == reference.distance);
    CHECK(r.variant == "minreads");
    CHECK(r.params.count("wg") == 1);
    CHECK(r.params.at("wg") > 0);
    CHECK_FALSE(r.device.empty());
    CHECK(r.device != "cpu");
    CHECK(r.device == context.device().name);
    CHECK(r.costs.cells > 0);
    CHECK(r.costs.seconds > 0);
    CHECK(r.costs.kernel_seconds >= 0);
    CHECK(r.costs.build_seconds >= 0);
    CHECK(r.costs.launches > 0);
  }
  SUBCASE("default variant") {
    auto r = context.distance(pair.a, pair.b);
    CHECK(r.distance == reference.distance);
    CHECK(r.variant == context.distance(pair.a, pair.b, "auto").variant);  // the default is auto
    // A device variant, or on a GPU while its program is not built the host's (ColdPrograms).
    CHECK((levcl::variant_info(r.variant).uses_device || r.params_source.find("not built") != std::string::npos));
    CHECK_FALSE(r.params.empty());
    CHECK_FALSE(r.params_source.empty());
  }
  SUBCASE("explicit parameter is reported") {
    auto r = context.distance(pair.a, pair.b, "minreads", {{"wg", 64}});
    CHECK(r.distance == reference.distance);
    CHECK(r.params.at("wg") == 64);
  }
  SUBCASE("device() matches the default selection") {
    ScopedEnv no_env("LEVCL_DEVICE", std::nullopt);
    levcl::Context fresh;
    CHECK(same_device(fresh.device(), levcl::select_device("")));
  }
  SUBCASE("moved context") {
    levcl::Context moved(std::move(context));
    CHECK(moved.distance(pair.a, pair.b, "minreads").distance == reference.distance);
    levcl::Context assigned("0");
    assigned = std::move(moved);
    CHECK(assigned.distance(pair.a, pair.b, "minreads").distance == reference.distance);
  }
}

namespace {

// Runs `distance(thread, pair)` for each thread's pairs on its own thread, then checks
// every result against cpu-dp on this thread.
void check_threads(const std::vector<std::vector<Pair>>& pairs,
                   const std::function<std::int64_t(int, const Pair&)>& distance) {
  const int threads_count = static_cast<int>(pairs.size());
  std::vector<std::vector<std::int64_t>> got(threads_count);
  std::vector<std::exception_ptr> errors(threads_count);
  std::vector<std::thread> threads;
  for (int t = 0; t < threads_count; ++t) {
    threads.emplace_back([&, t] {
      try {
        for (const Pair& pair : pairs[t]) got[t].push_back(distance(t, pair));
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  }
  for (auto& thread : threads) thread.join();

  levcl::Context reference;
  for (int t = 0; t < threads_count; ++t) {
    if (errors[t]) {
      try {
        std::rethrow_exception(errors[t]);
      } catch (const std::exception& e) {
        FAIL("thread " << t << " threw: " << e.what());
      }
    }
    REQUIRE(got[t].size() == pairs[t].size());
    for (std::size_t i = 0; i < pairs[t].size(); ++i) {
      const auto expected = reference.distance(pairs[t][i].a, pairs[t][i].b, "cpu-dp").distance;
      CHECK_MESSAGE(got[t][i] == expected, "thread " << t << " pair " << i);
    }
  }
}

}  // namespace

TEST_CASE("separate contexts in two threads") {
  std::vector<std::vector<Pair>> pairs(2);
  for (int t = 0; t < 2; ++t)
    for (int i = 0; i < 4; ++i)
      pairs[t].push_back(random_pair(100 + 10 * t + i, 12000 + 2000 * i, t == 0 ? 4 : 256,
                                     0.02 + 0.03 * i));
  levcl::Context contexts[2];
  check_threads(pairs, [&](int t, const Pair& pair) {
    return contexts[t].distance(pair.a, pair.b, "minreads").distance;
  });
}

TEST_CASE("one context shared by two threads") {
  std::vector<std::vector<Pair>> pairs(2);
  for (int t = 0; t < 2; ++t)
    for (int i = 0; i < 4; ++i)
      pairs[t].push_back(random_pair(200 + 10 * t + i, 10000 + 1000 * i, 4, 0.03 + 0.03 * t));
  levcl::Context shared;
  check_threads(pairs, [&](int, const Pair& pair) { return shared.distance(pair.a, pair.b, "minreads").distance; });
}

TEST_CASE("program binary cache") {
  auto pair = random_pair(300, 4000, 4, 0.05);
  std::int64_t expected;
  {
    levcl::Context cpu;
    expected = cpu.distance(pair.a, pair.b, "cpu-dp").distance;
  }

  SUBCASE("a second context reuses the cached binary") {
    TempDir dir;
    ScopedEnv cache_dir("LEVCL_CACHE_DIR", dir.path().string());
    ScopedEnv no_cache("LEVCL_NO_CACHE", std::nullopt);
    {
      levcl::Context first;
      CHECK(first.distance(pair.a, pair.b, "dynamic").distance == expected);
    }
    auto written = count_files(dir.path());
    CHECK(written >= 1);
    {
      levcl::Context second;
      CHECK(second.distance(pair.a, pair.b, "dynamic").distance == expected);
    }
    CHECK(count_files(dir.path()) == written);
  }
  // Runs a fresh context (a fresh process would do the same) on the pair.
  const auto distance_with = [&](const char* variant) {
    levcl::Context context;
    return context.distance(pair.a, pair.b, variant).distance;
  };
  // The cache's entries by file name, as they are now.
  const auto entries = [](const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& entry : fs::directory_iterator(dir)) out[entry.path().filename().string()] = read_bytes(entry.path());
    return out;
  };
  SUBCASE("an entry that is not whole, or not this program's, is never loaded: rebuilt and replaced") {
    TempDir dir;
    ScopedEnv cache_dir("LEVCL_CACHE_DIR", dir.path().string());
    ScopedEnv no_cache("LEVCL_NO_CACHE", std::nullopt);
    REQUIRE(distance_with("dynamic") == expected);
    const auto dynamic_only = entries(dir.path());
    REQUIRE(dynamic_only.size() == 1);
    const std::string name = dynamic_only.begin()->first, good = dynamic_only.begin()->second;
    REQUIRE(distance_with("prefetch") == expected);  // another program of the same kernel file
    std::string foreign;
    for (const auto& [file, bytes] : entries(dir.path()))
      if (file != name) foreign = bytes;
    REQUIRE(!foreign.empty());
    std::string altered = good;
    altered[altered.size() - 100] ^= 0x20;
    for (const std::string& planted :
         {foreign, good.substr(0, good.size() / 2), std::string(good.size(), '\0'), std::string(), altered}) {
      std::ofstream(dir.path() / name, std::ios::binary | std::ios::trunc) << planted;
      CHECK(distance_with("dynamic") == expected);
      CHECK(read_bytes(dir.path() / name) == good);  // replaced by a fresh build
    }
  }
  SUBCASE("a folder that others may write to is not used") {
    TempDir dir;
    fs::permissions(dir.path(), fs::perms::all);
    ScopedEnv cache_dir("LEVCL_CACHE_DIR", dir.path().string());
    ScopedEnv no_cache("LEVCL_NO_CACHE", std::nullopt);
    CHECK(distance_with("dynamic") == expected);
    CHECK(count_files(dir.path()) == 0);
  }
  SUBCASE("without HOME or XDG_CACHE_HOME: a folder of the user's own in the temporary folder, made 0700") {
    ScopedEnv cache_dir("LEVCL_CACHE_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CACHE_HOME", std::nullopt);
    ScopedEnv home("HOME", std::nullopt);
    ScopedEnv no_cache("LEVCL_NO_CACHE", std::nullopt);
    TempDir tmp;
    ScopedEnv tmpdir("TMPDIR", tmp.path().string());
    CHECK(distance_with("dynamic") == expected);
    const fs::path folder = tmp.path() / ("levcl-cache-" + std::to_string(::geteuid()));
    REQUIRE(fs::is_directory(folder));
    CHECK((fs::status(folder).permissions() & fs::perms::all) == fs::perms::owner_all);
    CHECK(count_files(folder) == 1);
  }
  SUBCASE("LEVCL_NO_CACHE=1 writes nothing") {
    TempDir dir;
    ScopedEnv cache_dir("LEVCL_CACHE_DIR", dir.path().string());
    ScopedEnv no_cache("LEVCL_NO_CACHE", "1");
    levcl::Context context;
    CHECK(context.distance(pair.a, pair.b, "dynamic").distance == expected);
    CHECK(count_files(dir.path()) == 0);
  }
}

TEST_CASE("auto's pairs on the host while their engine's program is not built (ColdPrograms)") {
  TempDir dir;  // an empty program cache: every program cold
  ScopedEnv cache_dir("LEVCL_CACHE_DIR", dir.path().string());
  ScopedEnv no_cache("LEVCL_NO_CACHE", std::nullopt);
  const auto pair = random_pair(31, 2000, 4, 0.1);
  const std::int64_t expected = levcl::Context().distance(pair.a, pair.b, "cpu-dp").distance;

  SUBCASE("host: a cold program is not built, the pair runs on the host") {
    levcl::Context context;
    context.set_cold_programs(levcl::ColdPrograms::host);
    const levcl::Result r = context.distance(pair.a, pair.b);
    CHECK(r.distance == expected);
    CHECK(r.device == "cpu");
    CHECK_FALSE(levcl::variant_info(r.variant).uses_device);
    CHECK(r.params_source.find("not built") != std::string::npos);
    CHECK(r.costs.build_seconds == 0);
    CHECK(count_files(dir.path()) == 0);
    // A named device variant is never sent elsewhere: it builds.
    const levcl::Result named = context.distance(pair.a, pair.b, "minreads");
    CHECK(named.distance == expected);
    CHECK(named.device != "cpu");
  }
  SUBCASE("host: a program in the on-disk cache counts as built") {
    {
      levcl::Context warm;
      warm.set_cold_programs(levcl::ColdPrograms::build);
      const levcl::Result r = warm.distance(pair.a, pair.b);
      CHECK(r.distance == expected);
      CHECK(r.device != "cpu");
    }
    REQUIRE(count_files(dir.path()) >= 1);
    levcl::Context context;
    context.set_cold_programs(levcl::ColdPrograms::host);
    const levcl::Result r = context.distance(pair.a, pair.b);
    CHECK(r.distance == expected);
    CHECK(r.device != "cpu");
    CHECK(r.costs.build_seconds < 0.3);  // loaded, not built
  }
  SUBCASE("host: once the host's time would pass a first build's, the device builds") {
    levcl::Context context;
    context.set_cold_programs(levcl::ColdPrograms::host);
    const auto divergent = random_pair(32, 30000, 4, 0.5);
    const std::int64_t d = levcl::Context().distance(divergent.a, divergent.b, "cpu-bitpar").distance;
    double on_host = 0, longest = 0;
    int calls = 0;
    for (; calls < 200; ++calls) {
      const levcl::Result r = context.distance(divergent.a, divergent.b);
      REQUIRE(r.distance == d);
      if (r.device != "cpu") break;
      on_host += r.costs.seconds;
      longest = std::max(longest, r.costs.seconds);
    }
    MESSAGE(calls << " calls on the host, " << on_host << " s");
    CHECK(calls < 200);
    // The host ran the pair at least once and stopped within a first build's time
    // (kFirstBuildSeconds, 0.3 s) and one pair more (its last pair's prediction may fall
    // short of its time); the call that built ran on the device.
    CHECK(calls >= 1);
    CHECK(on_host <= 0.3 + longest);
  }
  SUBCASE("host: a pair the host would take longer on than a build runs on the device; on a GPU, bitpar's quicker build") {
    const auto divergent = random_pair(33, 300000, 4, 0.5);
    const std::int64_t d = levcl::Context().distance(divergent.a, divergent.b, "cpu-bitpar").distance;
    for (const auto policy : {levcl::ColdPrograms::host, levcl::ColdPrograms::build}) {
      levcl::Context context;
      context.set_cold_programs(policy);
      const levcl::Result r = context.distance(divergent.a, divergent.b);
      CHECK(r.distance == d);
      CHECK(r.device != "cpu");
      if (context.device().type == "gpu") {  // auto takes bitpar for such a pair there
        REQUIRE(r.variant == "bitpar");
        CHECK(r.params.at("unroll") == (policy == levcl::ColdPrograms::host ? 0 : 1));
      }
    }
  }
  SUBCASE("the default builds on a CPU device, as build does") {
    levcl::Context context;
    if (context.device().type != "gpu") {
      const levcl::Result r = context.distance(pair.a, pair.b);
      CHECK(r.distance == expected);
      CHECK(r.device != "cpu");
    } else {  // a GPU: the default is host_on_gpu
      const levcl::Result r = context.distance(pair.a, pair.b);
      CHECK(r.distance == expected);
      CHECK(r.device == "cpu");
    }
  }
}

TEST_CASE("the kernel build is reported apart from the distance's seconds") {
  TempDir dir;
  // Sources no driver has seen (a comment of this run's own), so that the first call really
  // compiles: NVIDIA's driver keeps a cache of its own that LEVCL_NO_CACHE cannot reach.
  levcl::test::write_kernel_sources(dir.path());
  {
    std::ofstream unseen(dir.path() / "wfa_band.cl", std::ios::app);
    unseen << "// " << std::random_device{}() << "-" << std::chrono::steady_clock::now().time_since_epoch().count()
           << "\n";
  }
  ScopedEnv kernel_dir("LEVCL_KERNEL_DIR", dir.path().string());
  ScopedEnv no_cache("LEVCL_NO_CACHE", "1");
  levcl::Context context;
  const auto first = context.distance("kitten", "sitting", "pwg", {{"tile", 3}});
  const auto second = context.distance("kitten", "sitting", "pwg", {{"tile", 3}});
  CHECK(first.distance == 3);
  CHECK(first.costs.build_seconds > 0);
  CHECK(second.costs.build_seconds == 0);
  // A 7-byte pair takes far less than its first build, which is not in its seconds.
  CHECK(first.costs.seconds < first.costs.build_seconds);
  CHECK(context.distance("kitten", "sitting", "cpu-dp").costs.build_seconds == 0);
}

TEST_CASE("LEVCL_KERNEL_DIR with a broken kernel gives build_failure with the log") {
  TempDir dir;
  // Every real kernel (a program is made of several files), then wfa_column.cl broken.
  levcl::test::write_kernel_sources(dir.path());
  {
    std::ofstream broken(dir.path() / "wfa_column.cl", std::ios::trunc);
    broken << "this is not OpenCL C\n";
  }
  ScopedEnv kernel_dir("LEVCL_KERNEL_DIR", dir.path().string());
  ScopedEnv no_cache("LEVCL_NO_CACHE", "1");

  levcl::Context context;
  // The CPU reference needs no kernel.
  CHECK(context.distance("kitten", "sitting", "cpu-dp").distance == 3);
  try {
    context.distance("kitten", "sitting", "dynamic");
    FAIL("a broken kernel built");
  } catch (const levcl::Error& e) {
    std::string message = e.what();
    CHECK_MESSAGE(e.code() == levcl::ErrorCode::build_failure,
                  "code " << static_cast<int>(e.code()) << ": " << message);
    CHECK_MESSAGE(message.size() > 40, message);
    CHECK_MESSAGE(message.find("wfa_column") != std::string::npos, message);
  }
}

TEST_CASE("cancel: a long call stops within a second, from another thread, and the context stays usable") {
  levcl::Context context;
  std::mt19937_64 rng(29);
  // Long enough that no call ends before the cancel, on the fastest device (the H100 ran
  // minreads over a pair of 30 kbp in under 0.3 s).
  const std::string a = levcl::test::random_string(rng, 100000, 4), b = levcl::test::random_string(rng, 100000, 4);
  std::vector<levcl::PairView> many(200, levcl::PairView{a, b});
  const std::vector<std::function<void()>> calls = {
      [&] { context.distance(a, b, "minreads"); },                       // thousands of launches
      [&] { context.distance(a, b, "cpu-dp"); },                         // one CPU pass of 9e8 cells
      [&] { context.distances(many, levcl::Options{"cpu-bitpar", {}, -1, 2}); },  // pairs on host threads
      [&] { context.distances(many, levcl::Options{"minreads"}); },      // pairs one by one on the device
  };
  for (std::size_t i = 0; i < calls.size(); ++i) {
    CAPTURE(i);
    using Clock = std::chrono::steady_clock;
    Clock::time_point cancelled;
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      cancelled = Clock::now();
      context.cancel();
    });
    bool stopped = false;
    try {
      calls[i]();
    } catch (const levcl::Error& e) {
      stopped = e.code() == levcl::ErrorCode::cancelled;
    }
    const Clock::time_point returned = Clock::now();
    canceller.join();
    const double late = std::chrono::duration<double>(returned - cancelled).count();
    CHECK(stopped);
    CHECK(late < 1.0);
    CHECK(context.distance("kitten", "sitting").distance == 3);  // usable, and not cancelled itself
  }
}

namespace {

// What Context::progress said every 20 ms while `call` ran on another thread's context.
std::vector<levcl::Progress> progress_while(levcl::Context& context, const std::function<void()>& call) {
  std::vector<levcl::Progress> seen;
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done) {
      seen.push_back(context.progress());
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  try {
    call();
  } catch (...) {
    done = true;
    watcher.join();
    throw;
  }
  done = true;
  watcher.join();
  return seen;
}

}  // namespace

TEST_CASE("progress: a long call tells how far it is from inside its launches, and nothing once it ended") {
  levcl::Context context;
  CHECK_FALSE(context.progress().running);
  // Each call lasts long enough that the device's counters are read (after half a second)
  // a few times: sizes for POCL, grown on a faster device until a call lasts 1.5 s.
  struct Case {
    std::string what;
    std::function<std::uint64_t(double scale)> call;  // the call's pairs
    bool counts_pairs;
  };
  const auto pair_of = [](std::size_t length, double rate) {
    std::mt19937_64 rng(31);
    std::string a = levcl::test::random_string(rng, length, 4);
    std::string b = mutate(rng, a, rate, 4);
    return std::make_pair(std::move(a), std::move(b));
  };
  const auto length = [](std::size_t base, double scale) { return static_cast<std::size_t>(base * scale); };
  const std::vector<Case> cases = {
      {"bitpar-vector: stripes' columns",
       [&](double k) {
         const auto [a, b] = pair_of(length(300000, std::sqrt(k)), 0.5);
         context.distance(a, b, "bitpar-vector");
         return std::uint64_t{1};
       },
       false},
      {"persistent: wavefront steps",
       [&](double k) {
         const auto [a, b] = pair_of(length(600000, std::sqrt(k)), 0.025);
         context.distance(a, b, "persistent");
         return std::uint64_t{1};
       },
       false},
      {"batch-bitpar: pairs finished on the device",
       [&](double k) {
         const auto [a, b] = pair_of(3000, 0.5);
         const std::vector<levcl::PairView> many(length(3000, k), levcl::PairView{a, b});
         context.distances(many, levcl::Options{"batch-bitpar"});
         return static_cast<std::uint64_t>(many.size());
       },
       true},
      {"align: levels",
       [&](double k) {
         const auto [a, b] = pair_of(length(600000, std::sqrt(k)), 0.025);
         context.align(a, b);
         return std::uint64_t{1};
       },
       false},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    for (double scale = 1;;) {
      std::uint64_t pairs = 0;
      const auto start = std::chrono::steady_clock::now();
      const std::vector<levcl::Progress> seen = progress_while(context, [&] { pairs = c.call(scale); });
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      MESSAGE(c.what << " at scale " << scale << ": " << seconds << " s, " << seen.size() << " readings");
      for (const levcl::Progress& p : seen)
        if (p.running) {
          CHECK(p.pairs == pairs);
          CHECK(p.fraction >= 0);
          CHECK(p.fraction <= 1);
          CHECK(p.pairs_done <= p.pairs);
        }
      const levcl::Progress after = context.progress();
      CHECK_FALSE(after.running);
      CHECK(after.fraction == 0);
      // Moved while the call ran: two readings at least, both partway and different.
      std::set<double> partway;
      for (const levcl::Progress& p : seen)
        if (p.running && p.fraction > 0.01 && p.fraction < 0.99 &&
            (!c.counts_pairs || (p.pairs_done > 0 && p.pairs_done < p.pairs)))
          partway.insert(p.fraction);
      // Grown while the call is short, or its launch too short to be read twice (a batch's
      // pairs finish inside its one launch, whose counters are first read after half a
      // second: on the H100 280,000 pairs of 3 kbp took 1.6 s and gave one reading partway;
      // persistent's 9.6 Mbp pair at scale 256 is one launch of 0.6 s), up to the largest
      // scale.
      constexpr double largest = 1024;
      if ((seconds < 1.5 || partway.size() < 2) && scale < largest) {
        scale = std::min(largest, scale * std::clamp(2 / std::max(seconds, 0.01), 2.0, 16.0));
        continue;
      }
      CHECK(partway.size() >= 2);
      break;
    }
  }
}
