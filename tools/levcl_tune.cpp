// levcl-tune: measures every configuration of the device variants on one device and
// writes a tuning database entry (format: tuning/README.md).
//
// Exit status: 0 success, 2 bad usage or bad input, 3 failure while running. Every failure
// prints one "levcl-tune: error: ..." message on standard error.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <new>
#include <numeric>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "command_main.hpp"
#include "levcl/levcl.hpp"
#include "synthetic_pair.hpp"
#include "tool_common.hpp"

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;
using namespace levcl::tools;

namespace {

const char* const format_name = "levcl-tuning-1";

struct Options {
  std::string device;
  std::string variants;
  double budget = 600;
  std::string output;
  bool resume = false;
  bool install = false;
  std::int64_t length = 0;
  std::string similarities = "0.5,0.9,0.99";
  std::string file_a, file_b;
  std::int64_t max_tile = 0;
  int verbosity = 0;
};

void define_options(CLI::App& app, Options& o) {
  add_device_option(app, o.device);
  app.add_option("--variants", o.variants,
                 "Comma-separated variants to tune (default: every device variant except antidiagonal)")
      ->type_name("LIST");
  app.add_option("--budget", o.budget, "Seconds after which no new configuration is started")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--output", o.output, "Output file (default: levcl-tune-<device name>.json)")->type_name("FILE");
  app.add_flag("--resume", o.resume, "Read --output if it exists and skip the configurations it has measured");
  app.add_flag("--install", o.install,
               "Copy the output into the user tuning overlay (LEVCL_TUNING_DIR, else "
               "$XDG_DATA_HOME/levcl/tuning, else ~/.local/share/levcl/tuning)");
  app.add_option("--length", o.length,
                 "Length of the synthetic strings (default: calibrated so that the default "
                 "configuration takes about 0.1-0.2 s)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 31));
  app.add_option("--similarities", o.similarities, "Comma-separated similarities of the synthetic pairs, in (0, 1]")
      ->capture_default_str()
      ->type_name("LIST");
  app.add_option("--max-tile", o.max_tile,
                 "Largest tile length swept (default: 64 for tile-local and tile-global, the "
                 "variant's maximum otherwise)")
      ->check(CLI::PositiveNumber);
  app.add_option("A", o.file_a, "Tune on this pair of files (read like levcl does) instead of synthetic pairs");
  app.add_option("B", o.file_b, "Second file of the pair");
  app.add_flag("-v,--verbose", o.verbosity, "More detail on stderr: -v lists skipped configurations, -vv logs the library");
  app.set_version_flag("--version", std::string("levcl-tune ") + levcl::version());
  app.footer(
      "Exit status: 0 success, 2 bad usage or input, 3 failure while running.\n"
      "The budget is shared out between the variants (unused time passes on to the next one); "
      "within a variant the default configuration runs first, then the others in an order "
      "that samples the whole space evenly, so a short budget still sees all of it coarsely.");
}

// ---------------------------------------------------------------------------------------
// Search space

std::vector<std::int64_t> workgroup_values(const levcl::DeviceInfo& device, const levcl::ParamSpec& spec) {
  const auto top = std::min<std::int64_t>(static_cast<std::int64_t>(device.max_workgroup), spec.max_value);
  std::vector<std::int64_t> values;
  if (device.type == "cpu") {
    for (std::int64_t wg = 1; wg <= top; wg *= 2)
      if (wg >= spec.min_value) values.push_back(wg);
  } else {
    std::vector<std::int64_t> all;
    for (std::int64_t wg = 32; wg <= top; wg += 32)
      if (wg >= spec.min_value) all.push_back(wg);
    if (all.size() <= 64) {
      values = all;
    } else {  // a geometric subset of the multiples: dense at the small end
      std::set<std::int64_t> picked;
      const double n = static_cast<double>(all.size());
      for (int k = 0; k < 64; ++k) {
        const auto i = static_cast<std::size_t>(std::llround(std::pow(n, k / 63.0))) - 1;
        picked.insert(all[std::min(i, all.size() - 1)]);
      }
      values.assign(picked.begin(), picked.end());
    }
  }
  if (values.empty()) values.push_back(std::clamp(spec.default_value, spec.min_value, std::max(top, spec.min_value)));
  return values;
}

std::vector<std::int64_t> tile_values(const levcl::ParamSpec& spec, std::int64_t bound) {
  const std::int64_t top = std::min(spec.max_value, bound);
  std::set<std::int64_t> values;
  for (std::int64_t t = 1; t <= std::min<std::int64_t>(8, top); ++t) values.insert(t);
  for (std::int64_t p = 8; p <= top; p *= 2) {
    values.insert(p);
    if (p + p / 2 <= top) values.insert(p + p / 2);
  }
  values.insert(top);  // the largest allowed
  if (spec.default_value <= top) values.insert(spec.default_value);
  std::vector<std::int64_t> out;
  for (auto t : values)
    if (t >= spec.min_value) out.push_back(t);
  return out;
}

std::vector<std::int64_t> sweep_values(const levcl::VariantInfo& variant, const levcl::ParamSpec& spec,
                                       const levcl::DeviceInfo& device, std::int64_t max_tile) {
  switch (spec.sweep) {
    case levcl::Sweep::workgroup:
      return workgroup_values(device, spec);
    case levcl::Sweep::tile: {
      const std::int64_t bound =
          max_tile > 0 ? max_tile
                       : (variant.name == "tile-local" || variant.name == "tile-global" ? 64 : spec.max_value);
      return tile_values(spec, bound);
    }
    case levcl::Sweep::read_interval: {
      std::vector<std::int64_t> out;
      for (std::int64_t r : {10, 100, 1000})
        if (r >= spec.min_value && r <= spec.max_value) out.push_back(r);
      if (out.empty()) out.push_back(spec.default_value);
      return out;
    }
    case levcl::Sweep::none:
      break;
  }
  return {spec.default_value};
}

struct Config {
  levcl::Params params;
  std::string skip;  // why it is not run ("" = run it)
};

// Why the device cannot run params, without trying; "" if it may.
std::string obvious_misfit(const std::string& variant, const levcl::Params& p, const levcl::DeviceInfo& device) {
  const std::string why = levcl::unrunnable_reason(device, variant, p);
  return why.empty() ? why : "skipped: " + why;
}

unsigned bit_reverse(unsigned x, unsigned bits) {
  unsigned r = 0;
  for (unsigned i = 0; i < bits; ++i) r |= ((x >> i) & 1u) << (bits - 1 - i);
  return r;
}

// The variant's configurations: the defaults first, then the Cartesian product of the
// swept values in bit-reversed order, so that a budget cut leaves an even sample.
std::vector<Config> configurations(const levcl::VariantInfo& variant, const levcl::DeviceInfo& device,
                                   std::int64_t max_tile) {
  std::vector<levcl::Params> product(1);
  for (const auto& spec : variant.params) {
    const auto values = sweep_values(variant, spec, device, max_tile);
    std::vector<levcl::Params> next;
    for (const auto& partial : product)
      for (auto v : values) {
        auto p = partial;
        p[spec.name] = v;
        next.push_back(std::move(p));
      }
    product = std::move(next);
  }
  levcl::Params defaults;
  for (const auto& spec : variant.params) defaults[spec.name] = spec.default_value;

  unsigned bits = 0;
  while ((std::size_t{1} << bits) < product.size()) ++bits;
  std::vector<std::size_t> order(product.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return bit_reverse(static_cast<unsigned>(x), bits) < bit_reverse(static_cast<unsigned>(y), bits);
  });

  std::vector<Config> out;
  out.push_back({defaults, obvious_misfit(variant.name, defaults, device)});
  for (auto i : order)
    if (product[i] != defaults) out.push_back({product[i], obvious_misfit(variant.name, product[i], device)});
  return out;
}

// The swept parameters of params, for the progress lines: "tile=127 read-interval=100".
std::string swept_text(const levcl::VariantInfo& variant, const levcl::Params& params) {
  std::string out;
  for (const auto& spec : variant.params) {
    if (spec.sweep == levcl::Sweep::none) continue;
    const auto it = params.find(spec.name);
    if (it == params.end()) continue;
    out += (out.empty() ? "" : " ") + spec.name + "=" + std::to_string(it->second);
  }
  return out.empty() ? "defaults" : out;
}

// ---------------------------------------------------------------------------------------
// Workloads

struct Workload {
  std::string name;
  std::string a, b;
  double similarity = -1;  // < 0: a pair of files
  std::uint64_t seed = 0;
  std::int64_t distance = -1;

  json to_json() const {
    json j = {{"name", name}, {"len_a", a.size()}, {"len_b", b.size()}};
    if (similarity >= 0) {
      j["similarity"] = similarity;
      j["seed"] = seed;
    }
    j["distance"] = distance;
    return j;
  }
};

std::string similarity_name(double s) {
  std::ostringstream n;
  n << "synthetic-" << std::setprecision(6) << s * 100;
  return n.str();
}

// The default variant of the library, the one that calibrates and checks the workloads.
std::string default_device_variant() {
  const std::string v = levcl::Context::default_variant();
  return v.empty() || v == "auto" ? "pwg" : v;
}

// The variant's default parameters, given explicitly so that the tuning database (which
// a call without parameters would consult) plays no part.
levcl::Params defaults_of(const std::string& variant) {
  levcl::Params p;
  for (const auto& spec : levcl::variant_info(variant).params) p[spec.name] = spec.default_value;
  return p;
}

// Calibrates the synthetic length: the default configuration of the default variant
// should take about 0.1-0.2 s on the middle similarity.
std::size_t calibrate(levcl::Context& context, double similarity, int verbosity) {
  const std::string variant = default_device_variant();
  std::size_t length = 20000;
  bool warm = false;
  for (;;) {
    const auto pair = synthetic_pair(length, similarity, 1);
    if (!warm) {  // builds the program
      context.distance(pair.a, pair.b, variant, defaults_of(variant));
      warm = true;
    }
    const auto r = context.distance(pair.a, pair.b, variant, defaults_of(variant));
    if (verbosity > 0)
      std::cerr << "calibration: length " << length << ": " << fixed(r.seconds, 4) << " s with " << variant << '\n';
    if (r.seconds >= 0.1 || length >= 4000000) return length;
    length = std::min<std::size_t>(length * 2, 4000000);
  }
}

// The exact distance of a workload. Up to 50,000 bases cpu-wfa (O(n*d)) is fast enough and
// is the reference, confirmed by the device's default variant. Longer dissimilar pairs
// would take cpu-wfa minutes, so there the reference is the default device variant's
// distance confirmed by a second, different variant (minreads, else pwg or prefetch). The
// two must agree; a variant that cannot run on the device is passed over.
std::int64_t reference_distance(levcl::Context& context, const Workload& w, int verbosity) {
  const std::string primary = default_device_variant();
  std::vector<std::string> candidates;
  if (std::max(w.a.size(), w.b.size()) <= 50000) candidates.push_back("cpu-wfa");
  for (const std::string v : {primary, std::string("minreads"), std::string("pwg"), std::string("prefetch")})
    if (std::find(candidates.begin(), candidates.end(), v) == candidates.end()) candidates.push_back(v);
  std::vector<std::pair<std::string, std::int64_t>> found;
  for (const auto& v : candidates) {
    if (found.size() == 2) break;
    try {
      found.emplace_back(v, context.distance(w.a, w.b, v, defaults_of(v)).distance);
    } catch (const levcl::Error& e) {
      std::cerr << "levcl-tune: warning: reference for " << w.name << " with " << v << " failed: " << e.what()
                << '\n';
    }
  }
  if (found.empty())
    throw levcl::Error(levcl::ErrorCode::internal, "no variant could compute the reference distance of " + w.name);
  if (found.size() == 2 && found[0].second != found[1].second)
    throw levcl::Error(levcl::ErrorCode::internal,
                       "reference distances of " + w.name + " disagree: " + found[0].first + " " +
                           std::to_string(found[0].second) + ", " + found[1].first + " " +
                           std::to_string(found[1].second));
  if (found.size() == 1)
    std::cerr << "levcl-tune: warning: reference distance of " << w.name << " rests on " << found[0].first
              << " alone\n";
  if (verbosity > 0)
    std::cerr << "reference: " << w.name << " (" << w.a.size() << " x " << w.b.size() << "): distance "
              << found[0].second << " (" << found[0].first << (found.size() == 2 ? ", " + found[1].first : "")
              << ")\n";
  return found[0].second;
}

// ---------------------------------------------------------------------------------------
// Results

std::string config_key(const std::string& variant, const json& params) { return variant + " " + params.dump(); }

double geometric_mean(const std::vector<double>& values) {
  double log_sum = 0;
  for (double v : values) log_sum += std::log(v);
  return std::exp(log_sum / static_cast<double>(values.size()));
}

// best: per variant the configuration with the highest geometric-mean GCUPS over the
// workloads, among those measured exactly on every workload.
json best_of(const json& measurements, const std::vector<Workload>& workloads, std::string& best_variant) {
  struct Seen {
    json params;
    std::map<std::string, double> gcups;
    bool spoiled = false;
  };
  std::map<std::string, std::map<std::string, Seen>> by_variant;  // variant -> key -> seen
  std::vector<std::string> variant_order;
  for (const auto& m : measurements) {
    const std::string variant = m.at("variant");
    if (!by_variant.count(variant)) variant_order.push_back(variant);
    auto& seen = by_variant[variant][m.at("params").dump()];
    seen.params = m.at("params");
    if (m.contains("error") || m.contains("aborted") || !m.value("exact", false)) {
      seen.spoiled = true;
      continue;
    }
    seen.gcups[m.at("workload")] = m.at("gcups").get<double>();
  }
  json best = json::object();
  double top = -1;
  best_variant.clear();
  for (const auto& variant : variant_order) {
    std::optional<std::pair<json, double>> winner;
    for (const auto& [key, seen] : by_variant[variant]) {
      if (seen.spoiled) continue;
      std::vector<double> values;
      for (const auto& w : workloads) {
        const auto it = seen.gcups.find(w.name);
        if (it == seen.gcups.end() || it->second <= 0) break;
        values.push_back(it->second);
      }
      if (values.size() != workloads.size()) continue;
      const double g = geometric_mean(values);
      if (!winner || g > winner->second) winner = std::make_pair(seen.params, g);
    }
    if (!winner) continue;
    best[variant] = {{"params", winner->first}, {"gcups", winner->second}};
    if (winner->second > top) {
      top = winner->second;
      best_variant = variant;
    }
  }
  return best;
}


// ---------------------------------------------------------------------------------------

struct Tuner {
  const Options& o;
  std::string command;
  levcl::Context context;
  levcl::DeviceInfo device;
  std::vector<Workload> workloads;
  json measurements = json::array();
  std::set<std::string> done;  // config keys already in measurements
  fs::path output;
  Clock::time_point start = Clock::now();
  std::vector<std::string> failures;  // errors and wrong results, listed at the end
  std::size_t wrong = 0;

  Tuner(const Options& options, std::string cmd) : o(options), command(std::move(cmd)), context(options.device) {}

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }

  void save() {
    json root;
    root["format"] = format_name;
    root["levcl_version"] = levcl::version();
    root["created"] = utc_now();
    root["command"] = command;
    root["device"] = device_json(device);
    root["workloads"] = json::array();
    for (const auto& w : workloads) root["workloads"].push_back(w.to_json());
    root["measurements"] = measurements;
    std::string best_variant;
    root["best"] = best_of(measurements, workloads, best_variant);
    if (!best_variant.empty()) root["best_variant"] = best_variant;
    write_atomically(output, root.dump(1) + "\n");
  }

  void add(json m) {
    done.insert(config_key(m.at("variant"), m.at("params")));
    measurements.push_back(std::move(m));
  }
};

std::vector<std::string> chosen_variants(const Options& o) {
  std::vector<std::string> names;
  if (o.variants.empty()) {
    for (const auto& v : levcl::list_variants())
      if (v.uses_device && v.name != "antidiagonal") names.push_back(v.name);
    return names;
  }
  for (const auto& name : split(o.variants)) {
    const auto& info = levcl::variant_info(name);  // throws invalid_argument for unknown names
    if (!info.uses_device) usage_error("variant '" + name + "' runs on the CPU only; levcl-tune tunes device variants");
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  if (names.empty()) usage_error("--variants names no variant");
  return names;
}

// Loads the earlier run for --resume; checks that it was made on this device.
json load_previous(const fs::path& path, const levcl::DeviceInfo& device) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw levcl::Error(levcl::ErrorCode::bad_input, "--resume: cannot read " + path.string());
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw levcl::Error(levcl::ErrorCode::bad_input, "--resume: " + path.string() + " is not JSON: " + e.what());
  }
  if (j.value("format", "") != format_name)
    throw levcl::Error(levcl::ErrorCode::bad_input, "--resume: " + path.string() + " is not a " + format_name + " file");
  const std::string name = j.contains("device") ? j["device"].value("name", "") : "";
  if (name != device.name)
    throw levcl::Error(levcl::ErrorCode::bad_input, "--resume: " + path.string() + " was measured on '" + name +
                                                        "', not on '" + device.name + "'");
  return j;
}

int run(const Options& o, const std::string& command) {
  levcl::set_log_level(std::max(0, o.verbosity - 1));
  if (o.file_a.empty() != o.file_b.empty()) usage_error("give two files A and B, or none");
  if (!o.file_a.empty() && o.length > 0) usage_error("--length applies to synthetic pairs, not to files A B");
  const auto variant_names = chosen_variants(o);
  const auto similarities = parse_similarities(o.similarities, "--similarities");

  Tuner t(o, command);
  t.device = t.context.device();
  t.output = o.output.empty() ? "levcl-tune-" + sanitise(t.device.name) + ".json" : o.output;
  std::cerr << "levcl-tune: " << t.device.name << " (" << t.device.platform << ", " << t.device.type
            << "), output " << t.output.string() << '\n';

  json previous;
  if (o.resume && fs::exists(t.output)) previous = load_previous(t.output, t.device);

  // Workloads: a pair of files, or one synthetic pair per similarity.
  if (!o.file_a.empty()) {
    Workload w;
    w.name = "files:" + fs::path(o.file_a).filename().string() + "," + fs::path(o.file_b).filename().string();
    w.a = levcl::read_sequence(o.file_a);
    w.b = levcl::read_sequence(o.file_b);
    t.workloads.push_back(std::move(w));
  } else {
    std::size_t length = static_cast<std::size_t>(o.length);
    if (length == 0 && previous.contains("workloads") && !previous["workloads"].empty())
      length = previous["workloads"][0].value("len_a", std::size_t{0});  // resume: same length
    if (length == 0) {
      auto sorted = similarities;
      std::sort(sorted.begin(), sorted.end());
      const double middle = sorted[sorted.size() / 2];
      std::cerr << "levcl-tune: calibrating the length with " << default_device_variant() << " at similarity "
                << middle << "...\n";
      length = calibrate(t.context, middle, o.verbosity);
    }
    for (std::size_t i = 0; i < similarities.size(); ++i) {
      Workload w;
      w.name = similarity_name(similarities[i]);
      w.similarity = similarities[i];
      w.seed = i + 1;
      auto pair = synthetic_pair(length, w.similarity, w.seed);
      w.a = std::move(pair.a);
      w.b = std::move(pair.b);
      t.workloads.push_back(std::move(w));
    }
  }

  // Reference distances: taken over from the earlier run when the workloads are the same.
  for (auto& w : t.workloads) {
    if (previous.contains("workloads"))
      for (const auto& pw : previous["workloads"])
        if (pw.value("name", "") == w.name && pw.value("len_a", std::size_t{0}) == w.a.size() &&
            pw.value("len_b", std::size_t{0}) == w.b.size() && pw.value("seed", std::uint64_t{0}) == w.seed)
          w.distance = pw.value("distance", std::int64_t{-1});
    if (w.distance < 0) {
      if (!previous.is_null())
        throw levcl::Error(levcl::ErrorCode::bad_input,
                           "--resume: " + t.output.string() + " was measured on other workloads than " + w.name +
                               " (" + std::to_string(w.a.size()) + " x " + std::to_string(w.b.size()) +
                               "); use another --output or the same --length and --similarities");
      w.distance = reference_distance(t.context, w, o.verbosity);
    }
    std::cerr << "levcl-tune: workload " << w.name << ": " << w.a.size() << " x " << w.b.size() << ", distance "
              << w.distance << '\n';
  }
  if (previous.contains("measurements"))
    for (const auto& m : previous["measurements"]) t.add(m);
  const std::size_t resumed = t.measurements.size();

  // Every variant's configurations; the obvious misfits are recorded without running them.
  struct Plan {
    const levcl::VariantInfo* info;
    std::vector<Config> configs;
  };
  std::vector<Plan> plans;
  std::size_t total = 0, skipped = 0;
  for (const auto& name : variant_names) {
    Plan plan{&levcl::variant_info(name), configurations(levcl::variant_info(name), t.device, o.max_tile)};
    for (const auto& c : plan.configs) {
      const json params = c.params;
      if (c.skip.empty()) {
        if (!t.done.count(config_key(name, params))) ++total;
        continue;
      }
      ++skipped;
      if (o.verbosity > 0) std::cerr << "[- " << name << "] " << swept_text(*plan.info, c.params) << ": " << c.skip << '\n';
      if (!t.done.count(config_key(name, params))) t.add({{"variant", name}, {"params", params}, {"error", c.skip}});
    }
    plans.push_back(std::move(plan));
  }
  std::cerr << "levcl-tune: " << total << " configurations to run"
            << (skipped ? " (" + std::to_string(skipped) + " skipped as impossible on the device)" : "")
            << (resumed ? ", " + std::to_string(resumed) + " measurements resumed" : "") << ", budget " << o.budget
            << " s\n";

  // Workloads are measured cheapest first (smallest distance): the warm-up runs on the
  // cheapest, and a configuration far slower than the best is aborted after it, before
  // the expensive ones (on a GPU the s=0.5 pair takes up to 40 times longer).
  std::vector<std::size_t> order(t.workloads.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t x, std::size_t y) { return t.workloads[x].distance < t.workloads[y].distance; });
  const Workload& cheapest = t.workloads[order.front()];
  std::size_t index = 0, not_run = 0;
  for (std::size_t pi = 0; pi < plans.size(); ++pi) {
    const auto& plan = plans[pi];
    const std::string& name = plan.info->name;
    // This variant's share of what is left of the budget; unused time passes on.
    const double share_end = t.elapsed() + std::max(0.0, o.budget - t.elapsed()) / static_cast<double>(plans.size() - pi);

    // Best so far on this variant (geometric mean, params) and its time on the first workload.
    double best_gcups = 0, best_first_seconds = 0;
    std::string best_text = "-";
    {
      std::map<std::string, std::vector<double>> per_config;
      std::map<std::string, levcl::Params> params_of;
      std::map<std::string, bool> spoiled;
      for (const auto& m : t.measurements) {
        if (m.at("variant") != name) continue;
        const std::string key = m.at("params").dump();
        params_of[key] = m.at("params").get<levcl::Params>();
        if (m.contains("error") || m.contains("aborted") || !m.value("exact", false)) {
          spoiled[key] = true;
          continue;
        }
        per_config[key].push_back(m.at("gcups").get<double>());
        if (m.at("workload") == t.workloads[0].name &&
            (best_first_seconds == 0 || m.at("seconds").get<double>() < best_first_seconds))
          best_first_seconds = m.at("seconds").get<double>();
      }
      for (const auto& [key, values] : per_config)
        if (!spoiled[key] && values.size() == t.workloads.size() && geometric_mean(values) > best_gcups) {
          best_gcups = geometric_mean(values);
          best_text = swept_text(*plan.info, params_of[key]);
        }
    }

    for (const auto& c : plan.configs) {
      const json params = c.params;
      if (!c.skip.empty() || t.done.count(config_key(name, params))) continue;
      if (t.elapsed() >= share_end || t.elapsed() >= o.budget) {
        ++not_run;
        continue;
      }
      ++index;
      const std::string label = "[" + std::to_string(index) + "/" + std::to_string(total) + " " + name + "] " +
                                swept_text(*plan.info, c.params);
      std::vector<json> rows;
      std::vector<double> gcups;
      std::string error;
      bool exact = true, aborted = false;
      try {
        // Warm-up: builds the program; not timed.
        t.context.distance(cheapest.a, cheapest.b, name, c.params);
        for (std::size_t k = 0; k < order.size(); ++k) {
          const auto& w = t.workloads[order[k]];
          if (aborted) {
            rows.push_back({{"variant", name}, {"params", params}, {"workload", w.name}, {"aborted", "slower than 3x best"}});
            continue;
          }
          const levcl::Result r = t.context.distance(w.a, w.b, name, c.params);
          const double cells = static_cast<double>(w.a.size()) * static_cast<double>(w.b.size());
          const double g = r.seconds > 0 ? cells / r.seconds / 1e9 : 0.0;
          json row = {{"variant", name}, {"params", params},   {"workload", w.name},
                      {"seconds", r.seconds}, {"gcups", g}, {"exact", r.distance == w.distance}};
          if (r.distance != w.distance) {
            exact = false;
            row["distance"] = r.distance;
            std::cerr << "levcl-tune: WRONG: " << name << " " << swept_text(*plan.info, c.params) << " on " << w.name
                      << ": distance " << r.distance << ", expected " << w.distance << '\n';
            t.failures.push_back("WRONG " + name + " " + params.dump() + " on " + w.name);
            ++t.wrong;
          }
          rows.push_back(std::move(row));
          gcups.push_back(g);
          if (k == 0 && t.workloads.size() > 1 && best_first_seconds > 0 && r.seconds > 3 * best_first_seconds)
            aborted = true;
          if (k == 0 && exact && (best_first_seconds == 0 || r.seconds < best_first_seconds))
            best_first_seconds = r.seconds;
        }
      } catch (const levcl::Error& e) {
        error = e.what();
      }
      if (!error.empty()) {
        // One entry for the configuration: its partial timings are not comparable.
        rows.assign(1, json{{"variant", name}, {"params", params}, {"error", error}});
        t.failures.push_back(name + " " + params.dump() + ": " + error);
      }
      for (auto& row : rows) t.add(std::move(row));

      std::string status;
      if (!error.empty()) {
        status = "error: " + error.substr(0, error.find('\n'));
      } else {
        const double g = geometric_mean(gcups);
        status = fixed(g, 1) + " GCUPS" + (exact ? "" : " WRONG") + (aborted ? " (aborted: slower than 3x best)" : "");
        if (exact && !aborted && gcups.size() == t.workloads.size() && g > best_gcups) {
          best_gcups = g;
          best_text = swept_text(*plan.info, c.params);
        }
      }
      std::cerr << label << ": " << status << " (best " << fixed(best_gcups, 1) << " " << best_text << ") "
                << static_cast<long>(t.elapsed()) << "/" << o.budget << " s" << std::endl;
      t.save();  // after every configuration, so that --resume survives an interrupt
    }
    t.save();  // also when every configuration of the variant was resumed or skipped
  }

  if (plans.empty() || t.measurements.empty()) t.save();
  std::string best_variant;
  const json best = best_of(t.measurements, t.workloads, best_variant);
  for (const auto& [variant, b] : best.items())
    std::cerr << "best " << variant << ": " << fixed(b.at("gcups").get<double>(), 1) << " GCUPS "
              << b.at("params").dump() << '\n';
  if (!best_variant.empty()) std::cerr << "best variant: " << best_variant << '\n';
  if (!t.failures.empty()) {
    std::cerr << "levcl-tune: " << t.failures.size() << " configurations failed"
              << (t.wrong ? " (" + std::to_string(t.wrong) + " WRONG distances)" : "") << ":\n";
    for (const auto& f : t.failures) std::cerr << "  " << f.substr(0, f.find('\n')) << '\n';
  }
  if (not_run > 0)
    std::cerr << "levcl-tune: budget spent: " << not_run << " configurations not run; run again with --resume "
              << "(and a budget) to measure them\n";
  std::cerr << "levcl-tune: wrote " << t.output.string() << '\n';

  if (o.install) {
    const fs::path dir = levcl::tuning_overlay_dir();
    if (dir.empty())
      throw levcl::Error(levcl::ErrorCode::invalid_argument,
                         "--install: neither LEVCL_TUNING_DIR, XDG_DATA_HOME nor HOME is set");
    std::error_code ec;
    fs::create_directories(dir, ec);
    const fs::path target = dir / t.output.filename();
    fs::copy_file(t.output, target, fs::copy_options::overwrite_existing, ec);
    if (ec) throw levcl::Error(levcl::ErrorCode::bad_input, "--install: cannot copy to " + target.string() + ": " + ec.message());
    std::cerr << "levcl-tune: installed " << target.string() << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Measures the configurations of levcl's device variants on one device and writes a tuning "
               "database entry (see tuning/README.md).",
               "levcl-tune"};
  Options options;
  define_options(app, options);
  const std::string command = command_line("levcl-tune", argc, argv);
  return run_command(app, argc, argv, [&] { return run(options, command); });
}
