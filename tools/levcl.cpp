// levcl: prints the exact Levenshtein distance of two files.
//
// Exit status: 0 success, 2 bad usage or bad input, 3 failure while running. Every failure
// prints one "levcl: error: ..." message on standard error.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <new>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "command_main.hpp"
#include "levcl/io.hpp"
#include "levcl/levcl.hpp"

namespace {

struct Options {
  std::string a, b;
  std::string variant = levcl::Context::default_variant();
  std::vector<std::string> params;
  std::int64_t max_distance = -1;
  std::string device;
  std::string record, record_a, record_b;
  bool list_devices = false;
  bool list_variants = false;
  bool json = false;
  int verbosity = 0;
};

void define_options(CLI::App& app, Options& o) {
  app.add_option("A", o.a, "First input: FASTA, gzipped FASTA or any file compared byte for byte; - is stdin");
  app.add_option("B", o.b, "Second input, as A (only one of A and B can be -)");
  app.add_option("--variant", o.variant, "Algorithm variant (see --list-variants); auto: the tuning database's choice")
      ->capture_default_str();
  // allow_extra_args(false): each --param takes one value, so "--param wg=64 A B" leaves A B.
  app.add_option("--param", o.params, "Variant parameter KEY=VALUE (repeatable), e.g. wg=64")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  app.add_option("--max-distance", o.max_distance,
                 "Only distances up to K matter: print -1 when the distance is larger (edlib's k); engines stop "
                 "as soon as they know")
      ->type_name("K")
      ->check(CLI::NonNegativeNumber);
  levcl::tools::add_device_option(app, o.device);
  app.add_option("--record", o.record, "FASTA record of both inputs: zero-based index or name (default: the first)")
      ->type_name("N|NAME");
  app.add_option("--record-a", o.record_a, "FASTA record of A (overrides --record)")->type_name("N|NAME");
  app.add_option("--record-b", o.record_b, "FASTA record of B (overrides --record)")->type_name("N|NAME");
  app.add_flag("--list-devices", o.list_devices, "List the OpenCL devices (* marks the default) and exit");
  app.add_flag("--list-variants", o.list_variants, "List the variants and their parameters and exit");
  app.add_flag("--json", o.json, "Print a JSON object with the distance, timings and settings");
  app.add_flag("-v,--verbose", o.verbosity, "Log to stderr: -v info, -vv debug");
  app.set_version_flag("--version", std::string("levcl ") + levcl::version());
  app.footer("Exit status: 0 success, 2 bad usage or input, 3 failure while running.");
}

// Prints rows as columns separated by two spaces (the last column is not padded).
void print_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], row[i].size());
    }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(width[i] - row[i].size() + 2, ' ');
    }
    std::cout << line << '\n';
  }
}

void list_devices() {
  const auto devices = levcl::list_devices();
  if (devices.empty()) {
    std::cerr << "levcl: note: no OpenCL device found (is an OpenCL platform/ICD installed?)\n";
    return;
  }
  // A bad LEVCL_DEVICE must not stop the listing: that is when one needs it.
  const levcl::DeviceInfo* chosen = nullptr;
  levcl::DeviceInfo selected;
  try {
    selected = levcl::select_device("");
    chosen = &selected;
  } catch (const levcl::Error& e) {
    std::cerr << "levcl: note: no default device: " << e.what() << '\n';
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& d : devices) {
    const bool is_default = chosen && chosen->platform_index == d.platform_index &&
                            chosen->device_index == d.device_index;
    rows.push_back({std::string(is_default ? "*" : " ") + " " + std::to_string(d.platform_index) + ":" +
                        std::to_string(d.device_index),
                    d.type, d.platform, d.name, "driver " + d.driver});
  }
  print_table(rows);
  std::cout << std::flush;  // the listing is out even if a driver fails while the process exits
}

void list_variants() {
  std::vector<std::vector<std::string>> rows = {{"auto", "device", "-", "the tuning database's choice for the device"}};
  for (const auto& v : levcl::list_variants()) {
    std::string params;
    for (const auto& p : v.params) params += (params.empty() ? "" : " ") + p.name + "=" + std::to_string(p.default_value);
    rows.push_back({v.name, v.uses_device ? "device" : "cpu", params.empty() ? "-" : params, v.description});
  }
  print_table(rows);
}

int run(const Options& o) {
  levcl::set_log_level(o.verbosity);
  if (o.list_devices || o.list_variants) {
    if (o.list_devices) list_devices();
    if (o.list_variants) list_variants();
    return 0;
  }
  if (o.a.empty() || o.b.empty())
    throw levcl::Error(levcl::ErrorCode::invalid_argument, "two inputs A and B are needed (see --help)");
  if (o.a == "-" && o.b == "-")
    throw levcl::Error(levcl::ErrorCode::invalid_argument, "only one of A and B can be standard input (-)");

  // Check the cheap things before reading inputs that may be hundreds of megabytes.
  if (o.variant != "auto") levcl::variant_info(o.variant);
  levcl::Params params;
  for (const auto& p : o.params) levcl::parse_param(p, params);

  const std::string a = levcl::read_sequence(o.a, o.record_a.empty() ? o.record : o.record_a);
  const std::string b = levcl::read_sequence(o.b, o.record_b.empty() ? o.record : o.record_b);
  levcl::Context context(o.device);
  const levcl::Result r = context.distance(a, b, levcl::Options{o.variant, params, o.max_distance});

  if (!o.json) {
    std::cout << r.distance << '\n';
    return 0;
  }
  const nlohmann::json out = {
      {"distance", r.distance},
      {"max_distance", o.max_distance},
      {"variant", r.variant},
      {"params", r.params},
      {"params_source", r.params_source},
      {"device", r.device},
      {"len_a", a.size()},
      {"len_b", b.size()},
      {"cells", r.cells},
      {"seconds", r.seconds},
      {"kernel_seconds", r.kernel_seconds},
      {"build_seconds", r.build_seconds},
      {"gcups", levcl::gcups(a.size(), b.size(), r.seconds)},
      {"launches", r.launches},
  };
  std::cout << out.dump() << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Exact Levenshtein (edit) distance of two files, computed on an OpenCL device.", "levcl"};
  Options options;
  define_options(app, options);
  return levcl::tools::run_command(app, argc, argv, [&] { return run(options); });
}
