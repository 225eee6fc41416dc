// Tests of the tuning database (tuning/README.md): the lookup chain, overlay over shipped
// entries, the precedence of call, context and database parameters, entries a device
// cannot run, "auto", and malformed overlay files. Lookups use hand-made DeviceInfo
// values; a few Context runs use the local device.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>

#include "levcl/levcl.hpp"
#include "levcl/tuning.hpp"
#include "test_files.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using levcl::test::ScopedEnv;
using levcl::test::TempDir;

// An empty overlay folder that LEVCL_TUNING_DIR points at while the object lives.
class Overlay {
 public:
  Overlay() : env_("LEVCL_TUNING_DIR", dir_.path().string()) {}
  void write(const std::string& file, const std::string& text) const {
    std::ofstream(dir_.path() / file, std::ios::binary) << text;
  }
  void write(const std::string& file, const json& entry) const { write(file, entry.dump(2)); }
  std::string path(const std::string& file) const { return (dir_.path() / file).string(); }

 private:
  TempDir dir_;
  ScopedEnv env_;
};

// A database entry for the device described by `device` (fields name, architecture,
// vendor, type) rating the variants of `best` ({variant: params}).
json entry(const json& device, const json& best, const std::string& best_variant = "") {
  json e = {{"format", "levcl-tuning-1"}, {"device", device}, {"best", json::object()}};
  for (const auto& [variant, params] : best.items()) e["best"][variant] = {{"params", params}};
  if (!best_variant.empty()) e["best_variant"] = best_variant;
  return e;
}

// A tuning workload of two strings of `length` bytes at `distance`, and a measurement of a
// variant's configuration on one, as the tuner writes them.
json workload(const std::string& name, std::int64_t length, std::int64_t distance) {
  return {{"name", name}, {"len_a", length}, {"len_b", length}, {"distance", distance}};
}
json measured(const std::string& variant, const json& params, const std::string& workload, double seconds) {
  return {{"variant", variant}, {"params", params}, {"workload", workload}, {"seconds", seconds}, {"exact", true}};
}

levcl::DeviceInfo widget() {
  levcl::DeviceInfo d;
  d.platform = "Acme OpenCL";
  d.vendor = "Acme Corporation";
  d.name = "Acme Widget 9000";
  d.architecture = "acme_7";
  d.type = "gpu";
  d.max_workgroup = 1024;
  d.local_memory = 65536;
  return d;
}

levcl::Params defaults(const std::string& variant) {
  levcl::Params params;
  for (const auto& spec : levcl::variant_info(variant).params) params[spec.name] = spec.default_value;
  return params;
}

// An entry for `device` rating minreads, measured on workloads "near" and "far" of `length`
// bytes ({distance, seconds} each), beside a matrix variant measured on "near".
struct Timed {
  std::int64_t distance;
  double seconds;
};
json wavefront_beside_matrix(const levcl::DeviceInfo& device, std::int64_t length, Timed near, Timed far,
                             const std::string& matrix, double matrix_near) {
  const json minreads = defaults("minreads"), other = defaults(matrix);
  json e = entry({{"name", device.name}}, {{"minreads", minreads}, {matrix, other}}, matrix);
  e["workloads"] = {workload("near", length, near.distance), workload("far", length, far.distance)};
  e["measurements"] = {measured("minreads", minreads, "near", near.seconds),
                       measured("minreads", minreads, "far", far.seconds), measured(matrix, other, "near", matrix_near)};
  return e;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A context whose auto picks by the database alone, building every program it picks: on a
// GPU the default runs a pair on the host while its engine's program is cold (ColdPrograms).
levcl::Context picking_context() {
  levcl::Context context;
  context.set_cold_programs(levcl::ColdPrograms::build);
  return context;
}

// auto's choice for a pair is `expected`, and its distance cpu-dp's.
void check_auto_picks(levcl::Context& context, const std::string& a, const std::string& b, const std::string& expected) {
  const auto r = context.distance(a, b);
  CAPTURE(r.params_source);
  CHECK(r.variant == expected);
  CHECK(r.distance == context.distance(a, b, "cpu-dp").distance);
}

void check_throws_code(const std::function<void()>& f, levcl::ErrorCode code) {
  try {
    f();
    FAIL("no exception");
  } catch (const levcl::Error& e) {
    CHECK(e.code() == code);
  }
}

// Overlay entries for widget() at every level, each giving minreads a different wg.
void write_chain(const Overlay& overlay) {
  overlay.write("by-name.json", entry({{"name", "ACME Widget 9000"}}, {{"minreads", {{"wg", 32}}}}));
  overlay.write("by-arch.json", entry({{"name", "Acme Widget 8000"}, {"architecture", "acme_7"}},
                                      {{"minreads", {{"wg", 64}}}, {"tile-local", {{"wg", 16}}}}));
  overlay.write("by-vendor.json",
                entry({{"name", "Acme Gizmo"}, {"vendor", "Acme Corporation"}, {"type", "gpu"}},
                      {{"minreads", {{"wg", 96}}}}));
}

}  // namespace

TEST_CASE("lookup chain: device name, architecture, vendor and type, default") {
  Overlay overlay;
  write_chain(overlay);
  levcl::DeviceInfo d = widget();

  auto c = levcl::tuned_choice(d, "minreads");  // the name matches in any case
  CHECK(c.variant == "minreads");
  CHECK(c.params.at("wg") == 32);
  CHECK(c.params.at("read-interval") == 100);  // not in the entry: the default
  CHECK(c.source == "overlay " + overlay.path("by-name.json") + " (device name)");

  // An entry is used for a variant only if it rates that variant.
  c = levcl::tuned_choice(d, "tile-local");
  CHECK(c.params.at("wg") == 16);
  CHECK(contains(c.source, "by-arch.json (architecture)"));

  d.name = "Acme Widget 9001";
  c = levcl::tuned_choice(d, "minreads");
  CHECK(c.params.at("wg") == 64);
  CHECK(contains(c.source, "by-arch.json (architecture)"));

  d.architecture = "acme_8";
  c = levcl::tuned_choice(d, "minreads");
  CHECK(c.params.at("wg") == 96);
  CHECK(contains(c.source, "by-vendor.json (vendor and type)"));

  d.type = "cpu";
  c = levcl::tuned_choice(d, "minreads");
  CHECK(c.params.at("wg") == 128);
  CHECK(c.source == "shipped tuning/default.json (default)");
}

TEST_CASE("POCL's decorations of a CPU name are aliases") {
  Overlay overlay;
  overlay.write("xeon.json", entry({{"name", "cpu-skylake-avx512-Intel(R) Xeon(R) Processor"}},
                                   {{"minreads", {{"wg", 40}}}}));
  overlay.write("ryzen.json", entry({{"name", "pthread-znver3-AMD Ryzen 9 5950X 16-Core Processor"}},
                                    {{"minreads", {{"wg", 50}}}}));
  levcl::DeviceInfo d;
  d.type = "cpu";
  d.max_workgroup = 4096;
  d.name = "pthread-skylake-avx512-AMD EPYC";
  CHECK(levcl::tuned_choice(d, "minreads").params.at("wg") == 40);
  d.name = "cpu-znver3-AMD EPYC 7763 64-Core Processor";
  CHECK(levcl::tuned_choice(d, "minreads").params.at("wg") == 50);
  d.name = "pthread-znver4-AMD EPYC";
  CHECK(levcl::tuned_choice(d, "minreads").source == "shipped tuning/default.json (default)");

  // The same rule gives a POCL CPU device its architecture.
  for (const auto& device : levcl::list_devices())
    if (device.platform == "Portable Computing Language" && device.type == "cpu") {
      CAPTURE(device.name);
      CHECK_FALSE(device.architecture.empty());
      CHECK(contains(device.name, "-" + device.architecture + "-"));
    }
}

TEST_CASE("an overlay entry beats a shipped one at the same level") {
  Overlay overlay;
  json mine = entry({}, {{"minreads", {{"wg", 48}}}});
  mine.erase("device");
  mine["match"] = "default";
  overlay.write("my-default.json", mine);
  const auto c = levcl::tuned_choice(widget(), "minreads");
  CHECK(c.params.at("wg") == 48);
  CHECK(c.source == "overlay " + overlay.path("my-default.json") + " (default)");
  // Variants the overlay's default does not rate still come from the shipped one.
  CHECK(levcl::tuned_choice(widget(), "pwg").source == "shipped tuning/default.json (default)");
}

TEST_CASE("entries the device cannot run fall back to the defaults") {
  Overlay overlay;
  levcl::DeviceInfo device = widget();
  const auto check_fallback = [&](const std::string& variant, const json& params, const std::string& why) {
    CAPTURE(variant);
    overlay.write("bad.json", entry({{"name", "Acme Widget 9000"}}, {{variant, params}}));
    const auto c = levcl::tuned_choice(device, variant);
    CHECK(c.params == defaults(variant));
    CHECK(contains(c.source, "defaults (entry overlay " + overlay.path("bad.json")));
    CHECK(contains(c.source, why));
  };
  check_fallback("minreads", {{"wg", 100000}}, "out of range");
  check_fallback("minreads", {{"wg", 2048}}, "workgroup of 2048");
  check_fallback("tile-local", {{"tile", 64}, {"wg", 64}}, "local memory");
  device.max_workgroup = 256;
  check_fallback("pwg", {{"tile", 255}}, "workgroup of 512");  // 2t+2 work-items

  // Unknown parameters are ignored; the known ones are used.
  overlay.write("bad.json", entry({{"name", "Acme Widget 9000"}}, {{"minreads", {{"wg", 32}, {"warp", 4}}}}));
  CHECK(levcl::tuned_choice(widget(), "minreads").params.at("wg") == 32);
}

TEST_CASE("auto picks the entry's best variant") {
  Overlay overlay;
  write_chain(overlay);
  // Without best_variant the name and architecture entries do not serve "auto".
  CHECK(levcl::tuned_choice(widget(), "auto").variant == "pwg");
  CHECK(levcl::tuned_choice(widget(), "").source == "shipped tuning/default.json (default)");

  overlay.write("by-name.json",
                entry({{"name", "Acme Widget 9000"}}, {{"minreads", {{"wg", 32}}}, {"pwg", {{"tile", 63}}}}, "minreads"));
  const auto c = levcl::tuned_choice(widget(), "auto");
  CHECK(c.variant == "minreads");
  CHECK(c.params.at("wg") == 32);
  CHECK(contains(c.source, "by-name.json (device name)"));
  // A named variant still gets that variant's rating from the same entry.
  CHECK(levcl::tuned_choice(widget(), "pwg").params.at("tile") == 63);
}

TEST_CASE("malformed overlay files are skipped") {
  Overlay overlay;
  overlay.write("a-broken.json", std::string("{ not json"));
  overlay.write("b-wrong-format.json", json{{"format", "something-else"}, {"match", "default"}});
  overlay.write("c-bad-params.json", entry({{"name", "Acme Widget 9000"}}, {{"minreads", {{"wg", "many"}}}}));
  overlay.write("d-good.json", entry({{"name", "Acme Widget 9000"}}, {{"minreads", {{"wg", 24}}}}));
  overlay.write("e-ignored.txt", entry({{"name", "Acme Widget 9000"}}, {{"minreads", {{"wg", 8}}}}));
  const auto c = levcl::tuned_choice(widget(), "minreads");
  CHECK(c.params.at("wg") == 24);
  CHECK(contains(c.source, "d-good.json"));

  // A changed overlay is read again.
  overlay.write("d-good.json", entry({{"name", "Acme Widget 9000"}}, {{"minreads", {{"wg", 256}}}}));
  CHECK(levcl::tuned_choice(widget(), "minreads").params.at("wg") == 256);
}

TEST_CASE("CPU variants and unknown variants") {
  Overlay overlay;
  const auto c = levcl::tuned_choice(widget(), "cpu-dp");
  CHECK(c.variant == "cpu-dp");
  CHECK(c.params.empty());
  CHECK(c.source == "defaults");
  check_throws_code([] { levcl::tuned_choice(widget(), "no-such-variant"); }, levcl::ErrorCode::invalid_argument);
}

TEST_CASE("Context: call beats set_params beats the database; auto stays exact") {
  Overlay overlay;
  levcl::Context context;
  const levcl::DeviceInfo& device = context.device();
  // The local device's name as another driver version would decorate it.
  std::string name = device.name;
  if (device.platform == "Portable Computing Language" && !device.architecture.empty())
    name = "cpu-" + device.architecture + "-Some Other Vendor CPU";
  else
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return std::toupper(ch); });
  overlay.write("local.json", entry({{"name", name}},
                                    {{"minreads", {{"wg", 32}, {"read-interval", 7}}}, {"pwg", {{"tile", 31}}}},
                                    "minreads"));
  const std::string source = "overlay " + overlay.path("local.json") + " (device name)";

  std::mt19937_64 rng(5);
  const std::string a = levcl::test::random_string(rng, 2000, 4);
  const std::string b = levcl::test::mutate(rng, a, 0.1, 4);
  const auto expected = context.distance(a, b, "cpu-dp").distance;

  auto r = context.distance(a, b, "minreads");
  CHECK(r.distance == expected);
  CHECK(r.params.at("wg") == 32);
  CHECK(r.params.at("read-interval") == 7);
  CHECK(r.params_source == source);

  context.set_params("minreads", {{"wg", 16}});
  r = context.distance(a, b, "minreads");
  CHECK(r.distance == expected);
  CHECK(r.params.at("wg") == 16);
  CHECK(r.params.at("read-interval") == 7);
  CHECK(r.params_source == "context (wg), " + source);

  r = context.distance(a, b, "minreads", {{"wg", 8}, {"read-interval", 3}});
  CHECK(r.distance == expected);
  CHECK(r.params.at("wg") == 8);
  CHECK(r.params.at("read-interval") == 3);
  CHECK(r.params_source == "call (read-interval, wg), " + source);  // diamond from the database

  r = context.distance(a, b, "minreads", {{"read-interval", 3}});
  CHECK(r.params_source == "call (read-interval), context (wg), " + source);

  for (const std::string variant : {"", "auto"}) {
    r = context.distance(a, b, variant);
    CHECK(r.distance == expected);
    CHECK(r.variant == "minreads");
    CHECK(r.params.at("wg") == 16);  // set_params applies to the variant auto chose
  }
  r = context.distance(a, b, "pwg");
  CHECK(r.distance == expected);
  CHECK(r.params.at("tile") == 31);

  CHECK(context.distance(a, b, "cpu-wfa").params_source == "defaults");
  check_throws_code([&] { context.set_params("minreads", {{"tile", 4}}); }, levcl::ErrorCode::invalid_argument);
  check_throws_code([&] { context.set_params("minreads", {{"wg", 0}}); }, levcl::ErrorCode::invalid_argument);
  check_throws_code([&] { context.set_params("no-such-variant", {}); }, levcl::ErrorCode::invalid_argument);
  // Per-call parameters of "auto" are checked against the variant it chose.
  check_throws_code([&] { context.distance(a, b, "auto", {{"tile", 4}}); }, levcl::ErrorCode::invalid_argument);
}

TEST_CASE("auto weighs the matrix and wavefront variants by their measured rates, per pair") {
  Overlay overlay;
  levcl::Context context = picking_context();
  const levcl::DeviceInfo& device = context.device();
  // One workload of 1000 x 1000 at distance 100: bitpar-vector does 10^6 cells and minreads
  // 10^4 wavefront cells in 1 ms each, i.e. 10^9 and 10^7 per second.
  const json minreads = defaults("minreads"), vector = defaults("bitpar-vector");
  json e = entry({{"name", device.name}}, {{"minreads", minreads}, {"bitpar-vector", vector}}, "bitpar-vector");
  e["workloads"] = {workload("w", 1000, 100)};
  e["measurements"] = {measured("minreads", minreads, "w", 0.001), measured("bitpar-vector", vector, "w", 0.001)};
  overlay.write("rated.json", e);

  std::mt19937_64 rng(9);
  const std::string a = levcl::test::random_string(rng, 3000, 4);
  // Predicted: about 30 edits, 0.3 ms with minreads (a radius as at d = 100) against 9 ms;
  // over a third of the
  // sample (1000 edits assumed), 100 ms against 9 ms.
  const std::string similar = levcl::test::mutate(rng, a, 0.01, 4);
  const std::string unrelated = levcl::test::random_string(rng, 3000, 4);
  // Alike only in their first 1024 bytes: samples from the whole length see that.
  const std::string same_start = a.substr(0, 1024) + levcl::test::random_string(rng, 1976, 4);
  for (const auto& [b, expected] : {std::pair{similar, "minreads"}, std::pair{unrelated, "bitpar-vector"},
                                    std::pair{same_start, "bitpar-vector"}}) {
    const auto r = context.distance(a, b);
    CAPTURE(r.params_source);
    CHECK(r.variant == expected);
    CHECK(contains(r.params_source, std::string("auto: ") + expected));
    CHECK(r.distance == context.distance(a, b, "cpu-dp").distance);
  }
  // An entry without measurements: its best variant, whatever the pair.
  overlay.write("rated.json", entry({{"name", device.name}}, {{"minreads", minreads}}, "minreads"));
  CHECK(context.distance(a, unrelated).variant == "minreads");
}

TEST_CASE("auto scales a wavefront variant's time by the slope its measurements show, not by d^2 alone") {
  Overlay overlay;
  levcl::Context context = picking_context();
  const levcl::DeviceInfo& device = context.device();
  // minreads' time grows as d, a radius costing 10 us at both distances (a persistent
  // wavefront whose front never fills the device); bitpar-vector does 1.5e10 cells/s.
  json e = wavefront_beside_matrix(device, 1000, {10, 1e-4}, {100, 1e-3}, "bitpar-vector", 1e-6 / 0.015);
  overlay.write("rated.json", e);
  // 3000 bytes at 1%: about 30 edits, three times the nearest workload's. Scaled as d: 0.3 ms
  // against bitpar-vector's 0.6 ms; as d^2 it would be 0.9 ms.
  std::mt19937_64 rng(11);
  const std::string a = levcl::test::random_string(rng, 3000, 4), b = levcl::test::mutate(rng, a, 0.01, 4);
  check_auto_picks(context, a, b, "minreads");
  // Time that grows as d^2 between the workloads is scaled as d^2 beyond them.
  e["measurements"][1]["seconds"] = 1e-2;
  overlay.write("rated.json", e);
  check_auto_picks(context, a, b, "bitpar-vector");
}

TEST_CASE("below its workload's distance a wavefront variant's time scales as d, a radius costing what it did there") {
  Overlay overlay;
  levcl::Context context = picking_context();
  const levcl::DeviceInfo& device = context.device();
  // minreads' time grows as d^2 from 10% to 30% of 20 kbp; antidiagonal does 1.33e10 cells/s.
  overlay.write("rated.json", wavefront_beside_matrix(device, 20000, {2000, 1e-2}, {6000, 9e-2}, "antidiagonal", 0.03));
  // 2 kbp at 10%: the divergence of "near" at a tenth of its distance. As d, minreads takes
  // 1 ms against antidiagonal's 0.3 ms; scaled by the slope of 2 it would take 0.1 ms.
  std::mt19937_64 rng(17);
  const std::string a = levcl::test::random_string(rng, 2000, 4), b = levcl::test::mutate(rng, a, 0.1, 4);
  check_auto_picks(context, a, b, "antidiagonal");
}

TEST_CASE("auto holds a wavefront variant whose time is flat at low divergence to its time per byte") {
  Overlay overlay;
  levcl::Context context = picking_context();
  const levcl::DeviceInfo& device = context.device();
  // minreads takes as long at d = 10 as at d = 100 on 10 kbp: bound by the length there,
  // 0.2 us a byte. tile-private grows as d. bitpar-vector is far slower on both.
  const json minreads = defaults("minreads"), tiles = defaults("tile-private"), vector = defaults("bitpar-vector");
  json e = entry({{"name", device.name}}, {{"minreads", minreads}, {"tile-private", tiles}, {"bitpar-vector", vector}},
                 "minreads");
  e["workloads"] = {workload("similar", 10000, 10), workload("near", 10000, 100)};
  e["measurements"] = {measured("minreads", minreads, "similar", 0.002),   measured("minreads", minreads, "near", 0.0022),
                       measured("tile-private", tiles, "similar", 0.004),  measured("tile-private", tiles, "near", 0.04),
                       measured("bitpar-vector", vector, "similar", 1.0), measured("bitpar-vector", vector, "near", 1.0)};
  overlay.write("rated.json", e);
  // 100 kbp at 0.01%, about 10 edits: minreads' distance alone says 2 ms, its length 20 ms;
  // tile-private's distance says 4 ms.
  std::mt19937_64 rng(13);
  const std::string a = levcl::test::random_string(rng, 100000, 4), b = levcl::test::mutate(rng, a, 0.0001, 4);
  const auto r = context.distance(a, b);
  CAPTURE(r.params_source);
  CHECK(r.variant == "tile-private");
  CHECK(r.distance == context.distance(a, b, "cpu-wfa").distance);
}

TEST_CASE("an overlay entry with a field of the wrong type in its workloads or measurements is skipped, naming it") {
  Overlay overlay;
  levcl::Context context;
  const levcl::DeviceInfo& device = context.device();
  const json minreads = defaults("minreads"), vector = defaults("bitpar-vector");
  json good = entry({{"name", device.name}}, {{"minreads", minreads}, {"bitpar-vector", vector}}, "bitpar-vector");
  good["workloads"] = {{{"name", "w"}, {"len_a", 1000}, {"len_b", 1000}, {"distance", 100}}};
  good["measurements"] = {
      {{"variant", "minreads"}, {"params", minreads}, {"workload", "w"}, {"seconds", 0.001}, {"exact", true}},
      {{"variant", "bitpar-vector"}, {"params", vector}, {"workload", "w"}, {"seconds", 0.001}, {"exact", true}}};
  const std::string a = "kitten and sitting, a little longer", b = "sitting and kitten, a little longer";
  const auto expected = context.distance(a, b, "cpu-dp").distance;
  for (const auto& [path, value] : std::vector<std::pair<json::json_pointer, json>>{
           {json::json_pointer("/measurements/0/seconds"), "fast"},
           {json::json_pointer("/measurements/1/exact"), 1},
           {json::json_pointer("/measurements/0/params/wg"), "many"},
           {json::json_pointer("/workloads/0/len_a"), "big"},
           {json::json_pointer("/workloads/0/name"), 7},
           {json::json_pointer("/workloads"), "none"}}) {
    CAPTURE(path.to_string());
    json bad = good;
    bad[path] = value;
    overlay.write("bad.json", bad);
    const auto r = context.distance(a, b);  // auto reads the measurements
    CHECK(r.distance == expected);
    CHECK(!contains(r.params_source, "bad.json"));
    // The command says which file it skipped, and why.
    const auto out = levcl::test::run_shell("LEVCL_TUNING_DIR=" + levcl::test::quote(overlay.path("").c_str()) + " " +
                                            levcl::test::quote(LEVCL_PATH(LEVCL_CLI)) + " " +
                                            levcl::test::quote(LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AF133821.1.fa.gz") +
                                            " " + levcl::test::quote(LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AY352275.1.fa.gz"));
    CHECK(contains(out.err, "skipping overlay " + overlay.path("bad.json")));
  }
}

TEST_CASE("auto passes over a variant that cannot hold the pair, to the next that can") {
  Overlay overlay;
  levcl::Context context = picking_context();
  const levcl::DeviceInfo& device = context.device();
  // tile-global rated fastest, minreads next: tile 64 keeps (m + n) / 128 tiles of 2t^2
  // cells in one scratch buffer, over 2 GiB for a pair of 4.5 Mbp; the pair is made long
  // enough for that buffer to outgrow the device's largest (POCL: 2 GiB; the H100: 20 GiB).
  json global = defaults("tile-global"), minreads = defaults("minreads"), vector = defaults("bitpar-vector");
  global["tile"] = 64;
  json e = entry({{"name", device.name}}, {{"tile-global", global}, {"minreads", minreads}, {"bitpar-vector", vector}},
                 "tile-global");
  e["workloads"] = {{{"name", "w"}, {"len_a", 1000}, {"len_b", 1000}, {"distance", 100}}};
  e["measurements"] = {
      {{"variant", "tile-global"}, {"params", global}, {"workload", "w"}, {"seconds", 0.0001}, {"exact", true}},
      {{"variant", "minreads"}, {"params", minreads}, {"workload", "w"}, {"seconds", 0.001}, {"exact", true}},
      {{"variant", "bitpar-vector"}, {"params", vector}, {"workload", "w"}, {"seconds", 0.001}, {"exact", true}}};
  overlay.write("rated.json", e);

  std::mt19937_64 rng(13);
  const double buffers = std::max(1.0, static_cast<double>(device.max_allocation) / double(1ull << 31));
  const auto length = static_cast<std::size_t>(4500000 * buffers * 1.2);
  const std::string a = levcl::test::random_string(rng, length, 4);
  std::string b = a;
  for (std::size_t i = 1; i <= 5; ++i) {  // 5 substitutions
    const std::size_t at = i * (length / 6);
    b[at] = static_cast<char>((b[at] + 1) % 4);
  }
  const std::string small_a = a.substr(0, 3000), small_b = b.substr(0, 3000);

  const auto small = context.distance(small_a, small_b);  // a pair tile-global holds: its choice
  CHECK(small.variant == "tile-global");
  const auto large = context.distance(a, b);
  CAPTURE(large.params_source);
  CHECK(large.variant == "minreads");
  CHECK(contains(large.params_source, "tile-global would need a buffer of"));
  CHECK(large.distance == 5);
  CHECK(large.distance == context.distance(a, b, "cpu-wfa").distance);
}
