// levcl-bench: measures levcl's variants, side by side with edlib and WFA2-lib, on real
// pairs from files and on seeded synthetic pairs, and writes a Markdown table, a CSV file
// and a PNG plot. Every engine's distance is checked against the others'.
//
// Exit status: 0 success, 2 bad usage or bad input, 3 failure while running (an engine
// failed, or two engines disagree). Every failure prints one "levcl-bench: error: ..."
// message on standard error.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_batch.hpp"
#include "bench_peers.hpp"
#include "bench_report.hpp"
#include "command_main.hpp"
#include "levcl/io.hpp"
#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"
#include "levcl/tuning.hpp"
#include "time_limited.hpp"
#include "tool_common.hpp"

namespace fs = std::filesystem;
using namespace levcl::tools;

namespace {

// The warm-up run of a device variant uses at most this prefix of each string: it builds
// (or loads) the program and wakes the device without costing a full run.
constexpr std::size_t warmup_characters = 100000;

struct Options {
  std::vector<std::string> files;
  std::string lengths;
  std::string similarities = "0.5,0.7,0.9,0.99,0.999";
  std::string alphabet = "ACGT";
  std::uint64_t seed = 1;
  std::string variants = "auto";
  std::vector<std::string> params;  // KEY=VALUE or VARIANT.KEY=VALUE, for every levcl run
  std::string peers = "edlib,wfa2";
  std::string device;
  int repeat = 3;
  double row_budget = 60;
  double time_limit = 60;
  std::string output;
  std::vector<std::string> batch;
  unsigned threads = 0;
  bool quick = false;
  bool align = false;
  bool mosaic = false;
  int verbosity = 0;
};

void define_options(CLI::App& app, Options& o) {
  app.add_option("FILES", o.files,
                 "Pairs of files, A1 B1 A2 B2 ...: FASTA, gzipped FASTA or any file compared byte for byte "
                 "(the first record of each)");
  app.add_option("--lengths", o.lengths,
                 "Synthetic pairs of these lengths (suffixes k, M, G: 1M = 1,000,000), one per similarity")
      ->type_name("LIST");
  app.add_option("--similarities", o.similarities,
                 "Similarities of the synthetic pairs, in (0, 1]: B is A with substitutions, insertions and "
                 "deletions (equal thirds) at rate 1 - similarity")
      ->capture_default_str()
      ->type_name("LIST");
  app.add_flag("--mosaic", o.mosaic,
               "The synthetic pairs imitate related genomes: segments of their own similarity (about 70 to "
               "99.9% around the nominal one), indels of 1 to 10 kbp and a moved block (levcl/synthetic.hpp)");
  app.add_option("--alphabet", o.alphabet, "Symbols of the synthetic strings")->capture_default_str();
  app.add_option("--seed", o.seed, "Seed of the synthetic pairs")->capture_default_str();
  app.add_option("--variants", o.variants,
                 "levcl variants: names (levcl --list-variants), auto (the tuning database's choice), all "
                 "(every device variant that computes distances) or none")
      ->capture_default_str()
      ->type_name("LIST");
  add_param_option(app, o.params,
                   "Variant parameter KEY=VALUE or VARIANT.KEY=VALUE (repeatable), for every levcl run, e.g. "
                   "persistent.local=0");
  app.add_option("--peers", o.peers, "CPU peers: edlib, wfa2, or none")->capture_default_str()->type_name("LIST");
  add_device_option(app, o.device);
  app.add_option("--repeat", o.repeat, "Measured runs per engine and pair (after a warm-up)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  app.add_option("--row-budget", o.row_budget,
                 "No further run of an engine on a pair starts once its runs took this many seconds")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--time-limit", o.time_limit,
                 "Seconds a CPU engine (peer or levcl cpu-*) may take for one run; longer ones are killed "
                 "and reported as '> limit'")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("-o,--output", o.output, "Write PREFIX.md, PREFIX.csv and PREFIX.png (the plot)")
      ->type_name("PREFIX");
  app.add_option("--batch", o.batch,
                 "Batch mode (repeatable): all-vs-all:FASTA[:LIMIT], synthetic:COUNT:LENGTH:SIMILARITY or "
                 "stream:COUNT:LENGTH:SIMILARITY; levcl's Context::distances beside the peers on every host thread")
      ->type_name("SPEC")
      ->allow_extra_args(false);
  app.add_option("--threads", o.threads, "Batch mode: host threads of the peers and levcl's CPU side (0: every core)")
      ->capture_default_str();
  app.add_flag("--align", o.align,
               "Alignments too: a 'levcl align' row (Context::align, or Context::aligns in --batch; every CIGAR "
               "replayed, untimed) by auto's engines and one by each variant of --variants that finds breakpoints, "
               "and the peers compute their alignment (edlib's path, WFA2-lib's BiWFA CIGAR)");
  app.add_flag("--quick", o.quick,
               "A small run for CI (under a minute on POCL): every device variant and the peers on synthetic "
               "10 kbp pairs at 50, 90 and 99% similarity, plus any FILES; options given explicitly win");
  app.add_flag("-v,--verbose", o.verbosity, "Log the library to stderr: -v info, -vv debug");
  app.set_version_flag("--version", std::string("levcl-bench ") + levcl::version());
  app.footer(
      "Exit status: 0 success, 2 bad usage or input, 3 failure while running (an engine failed, or engines "
      "disagree on a distance).\n"
      "Times are end to end (strings in host memory to distance, the program already built) and, for device "
      "variants, kernel busy time. GCUPS = m*n / median end-to-end seconds.");
}

// ---------------------------------------------------------------------------------------
// Workloads

struct Workload {
  std::string name;
  // The pair's strings: files are read once, up front; synthetic pairs are made when
  // needed. Shared, so that a pair of genomes is never copied.
  std::function<std::shared_ptr<const levcl::StringPair>()> load;
  double nominal_similarity = -1;
};


std::string length_text(std::uint64_t n) {
  if (n % 1000000 == 0) return std::to_string(n / 1000000) + " Mbp";
  if (n % 1000 == 0) return std::to_string(n / 1000) + " kbp";
  return std::to_string(n) + " bp";
}

std::string percent_text(double fraction) {
  std::ostringstream s;
  s << fraction * 100 << "%";
  return s.str();
}

std::string file_stem(const std::string& path) {
  std::string name = fs::path(path).filename().string();
  for (const std::string suffix : {".gz", ".fa", ".fasta", ".fna", ".txt"})
    if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      name.erase(name.size() - suffix.size());
  return name;
}

std::vector<Workload> workloads(const Options& o) {
  if (o.files.size() % 2 != 0) usage_error("FILES come in pairs: give an even number of files");
  if (o.alphabet.empty()) usage_error("--alphabet is empty");
  std::vector<Workload> out;
  for (std::size_t i = 0; i < o.files.size(); i += 2) {
    const std::string a = o.files[i], b = o.files[i + 1];
    // Read once now, so that a bad file stops the run before any measurement.
    auto pair = std::make_shared<const levcl::StringPair>(levcl::StringPair{levcl::read_sequence(a), levcl::read_sequence(b)});
    out.push_back({file_stem(a) + " vs " + file_stem(b), [pair] { return pair; }, -1});
  }
  if (!o.lengths.empty()) {
    const auto similarities = parse_similarities(o.similarities, "--similarities");
    for (const auto& item : split(o.lengths)) {
      const std::uint64_t length = parse_count(item, "--lengths", 2147483647.0);
      for (double s : similarities)
        out.push_back({std::string(o.mosaic ? "mosaic " : "synthetic ") + length_text(length) + " " + percent_text(s),
                       [length, s, seed = o.seed, alphabet = o.alphabet, mosaic = o.mosaic] {
                         return std::make_shared<const levcl::StringPair>(
                             mosaic ? levcl::mosaic_pair(length, s, seed, alphabet)
                                    : levcl::synthetic_pair(length, s, seed, alphabet));
                       },
                       s});
    }
  }
  if (out.empty()) usage_error("nothing to measure: give pairs of FILES, --lengths, or --quick");
  return out;
}

// ---------------------------------------------------------------------------------------
// Engines

struct Engines {
  std::vector<std::string> device_variants;                      // run in-process on the device
  std::vector<std::string> cpu_variants;                         // levcl cpu-*, run in a child
  std::vector<const Peer*> peers;                                // run in a child
  std::vector<std::string> notes;                                // peers skipped, and why
};

Engines engines(const Options& o) {
  Engines e;
  const auto add = [](std::vector<std::string>& list, const std::string& name) {
    if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(name);
  };
  for (const auto& name : split(o.variants)) {
    if (name == "none") continue;
    if (name == "all") {
      for (const auto& v : levcl::list_variants())
        if (v.uses_device && v.can(levcl::Capability::distance)) add(e.device_variants, v.name);
    } else if (name == "auto") {
      add(e.device_variants, name);
    } else {
      const auto& info = levcl::variant_info(name);  // throws invalid_argument for unknown names
      try {  // --batch rows ask the library whether it runs a batch; single pairs, a distance
        levcl::check_options(levcl::Options{name},
                             o.batch.empty() ? levcl::Capability::distance : levcl::Capability::batch);
      } catch (const levcl::Error& error) {
        usage_error(std::string("--variants: ") + error.what());
      }
      add(info.uses_device ? e.device_variants : e.cpu_variants, name);
    }
  }
  for (const auto& name : split(o.peers)) {
    if (name == "none") continue;
    const auto& all = peers();
    const auto it = std::find_if(all.begin(), all.end(), [&](const Peer& p) { return p.name == name; });
    if (it == all.end()) usage_error("--peers: unknown peer '" + name + "' (known: edlib, wfa2, none)");
    if (!it->available) {
      e.notes.push_back(it->title + " skipped: levcl-bench was built without it (install its Debian -dev package "
                                    "and rebuild)");
      std::cerr << "levcl-bench: note: " << e.notes.back() << '\n';
    } else if (std::find(e.peers.begin(), e.peers.end(), &*it) == e.peers.end()) {
      e.peers.push_back(&*it);
    }
  }
  if (e.device_variants.empty() && e.cpu_variants.empty() && e.peers.empty())
    usage_error("no engine to run: --variants and --peers name none that is available");
  return e;
}

std::string params_text(const levcl::Params& params) {
  std::string out;
  for (const auto& [key, value] : params) out += (out.empty() ? "" : " ") + key + "=" + std::to_string(value);
  return out;
}

// ---------------------------------------------------------------------------------------
// Measurement

struct Bench {
  const Options& o;
  levcl::Context context;
  levcl::Params params;  // --param's

  // auto's rows measure the engines warm: their programs built, never the host's instead.
  Bench(const Options& options, levcl::Params p) : o(options), context(options.device), params(std::move(p)) {
    context.set_cold_programs(levcl::ColdPrograms::build);
  }

  // Whether run i of the row may start: the first always does, later ones while the
  // row's runs so far took less than the budget.
  bool may_run(const Row& r, int i) const {
    return i < o.repeat && (i == 0 || std::accumulate(r.seconds.begin(), r.seconds.end(), 0.0) < o.row_budget);
  }

  static void record_distance(Row& r, std::int64_t d) {
    if (r.distance && *r.distance != d)
      throw levcl::Error(levcl::ErrorCode::internal, r.engine + " gave " + std::to_string(*r.distance) + " and then " +
                                                         std::to_string(d) + " on " + r.workload);
    r.distance = d;
  }

  // What a row keeps of one measured device run.
  struct DeviceRun {
    std::int64_t distance;
    double seconds, kernel_seconds;
    std::uint64_t cells;
    std::string params, params_source;
  };
  // run(a, b, checked): one run on (a, b), checking its answer when `checked`.
  using DeviceWork = std::function<DeviceRun(std::string_view a, std::string_view b, bool checked)>;

  // A warm-up on the strings' first warmup_characters (builds or loads the programs, wakes
  // the device), then the measured runs, the first of them checked.
  Row measured_row(Row r, const std::string& a, const std::string& b, const DeviceWork& run) {
    r.on_device = true;
    std::vector<std::int64_t> answers;
    try {
      const std::size_t k = std::min(warmup_characters, std::max(a.size(), b.size()));
      run(std::string_view(a).substr(0, k), std::string_view(b).substr(0, k), false);
      for (int i = 0; may_run(r, i); ++i) {
        const DeviceRun d = run(a, b, i == 0);
        r.params = d.params;
        r.params_source = d.params_source;
        r.seconds.push_back(d.seconds);
        r.kernel_seconds.push_back(d.kernel_seconds);
        r.cells = d.cells;
        answers.push_back(d.distance);
      }
    } catch (const levcl::Error& e) {
      r.status = Row::Status::failed;
      r.message = e.what();
    }
    for (auto d : answers) record_distance(r, d);
    return r;
  }

  Row device_row(Row r, const std::string& variant, const std::string& a, const std::string& b) {
    r.engine = "levcl " + variant;
    return measured_row(r, a, b, [&](std::string_view x, std::string_view y, bool) {
      const levcl::Result result = context.distance(x, y, variant, params);
      // auto chooses per pair: say what it chose.
      return DeviceRun{result.distance, result.costs.seconds, result.costs.kernel_seconds, result.costs.cells,
                       (variant == "auto" ? result.variant + ": " : std::string()) + params_text(result.params),
                       result.params_source};
    });
  }

  // Context::align: its CIGAR replayed once, untimed; the params column says how much
  // device memory it held.
  Row align_row(Row r, const AlignEngine& by, const std::string& a, const std::string& b) {
    r.engine = by.engine;
    return measured_row(r, a, b, [&](std::string_view x, std::string_view y, bool checked) {
      const levcl::Alignment result = context.align(x, y, levcl::Options{by.variant, params});
      if (checked && levcl::verify_alignment(x, y, result.cigar) != result.distance)
        throw levcl::Error(levcl::ErrorCode::internal, "the CIGAR's cost is not the distance on " + r.workload);
      const double per_byte = static_cast<double>(result.peak_device_bytes) / std::max<std::size_t>(1, x.size() + y.size());
      return DeviceRun{result.distance, result.costs.seconds, result.costs.kernel_seconds, result.costs.cells,
                       "peak device " + fixed(result.peak_device_bytes / 1048576.0, 1) + " MiB (" + fixed(per_byte, 1) +
                           " B per input byte), " + std::to_string(result.costs.launches) + " launches",
                       ""};
    });
  }

  Row cpu_row(Row r, const std::string& engine, const std::function<std::int64_t()>& work) {
    r.engine = engine;
    r.limit_seconds = o.time_limit;
    for (int i = 0; may_run(r, i); ++i) {
      const LimitedRun run = run_time_limited(work, o.time_limit);
      if (run.outcome == LimitedRun::Outcome::over_limit) {
        r.status = Row::Status::over_limit;
        r.seconds.clear();
        r.distance.reset();
        break;
      }
      if (run.outcome == LimitedRun::Outcome::failed) {
        r.status = Row::Status::failed;
        r.message = run.message;
        break;
      }
      r.seconds.push_back(run.seconds);
      record_distance(r, run.value);
    }
    return r;
  }
};

void progress(const Row& r) {
  std::cerr << "levcl-bench: " << r.workload << ": " << r.engine;
  switch (r.status) {
    case Row::Status::ok:
      std::cerr << ": " << fixed(median(r.seconds), 4) << " s (median of " << r.seconds.size() << "), "
                << fixed(r.gcups(median(r.seconds)), 1) << " GCUPS, distance " << *r.distance;
      break;
    case Row::Status::over_limit:
      std::cerr << ": over the " << r.limit_seconds << " s limit";
      break;
    case Row::Status::failed:
      std::cerr << ": FAILED: " << r.message;
      break;
  }
  std::cerr << std::endl;
}

// ---------------------------------------------------------------------------------------
// Header

std::string number_text(double value) {
  std::ostringstream s;
  s << value;
  return s.str();
}

std::string host_cpu() {
  std::ifstream in("/proc/cpuinfo");
  std::string line, model = "unknown CPU";
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  return model + " (" + std::to_string(std::thread::hardware_concurrency()) + " logical CPUs)";
}

Header header(const Options& o, const std::string& command, const Engines& e, Bench& bench) {
  Header h;
  h.lines.emplace_back("command", "`" + command + "`");
  h.lines.emplace_back("date", levcl::utc_timestamp());
  h.lines.emplace_back("levcl", levcl::version());
  if (!e.device_variants.empty()) {
    const auto& d = bench.context.device();
    h.lines.emplace_back("device", d.name + " (" + d.platform + ", " + d.version + ", driver " + d.driver + ", " +
                                       std::to_string(d.compute_units) + " compute units at " +
                                       std::to_string(d.clock_mhz) + " MHz)");
  }
  h.lines.emplace_back("host CPU", host_cpu());
  if (!e.peers.empty() || !e.cpu_variants.empty()) {
    std::string names;
    for (const auto* p : e.peers) names += (names.empty() ? "" : ", ") + p->title;
    for (const auto& v : e.cpu_variants) names += (names.empty() ? "levcl " : ", levcl ") + v;
    h.lines.emplace_back("CPU engines", names + ": one thread each, every run in a child process, killed after " +
                                            number_text(o.time_limit) + " s ('> limit')");
  }
  for (const auto& note : e.notes) h.lines.emplace_back("note", note);
  h.lines.emplace_back(
      "timing", (o.repeat == 1 ? std::string("one run") : "median of up to " + std::to_string(o.repeat) + " runs") +
                    " (no further run once an engine's runs on a pair took " + number_text(o.row_budget) +
                    " s); device variants after a warm-up on the first " +
                    std::to_string(warmup_characters) +
                    " characters. Seconds are end to end: strings in host memory to distance, program built. "
                    "Kernel s: device busy time. GCUPS = m*n / median seconds. Cells computed: wavefront "
                    "cells the device computed. Every distance is checked against the other engines'.");
  return h;
}

void write_outputs(const Options& o, const Header& h, const std::vector<Row>& rows) {
  if (o.output.empty()) return;
  const fs::path prefix(o.output);
  if (prefix.has_parent_path()) fs::create_directories(prefix.parent_path());
  std::ostringstream md, csv;
  write_markdown(md, h, rows);
  write_csv(csv, rows);
  levcl::write_file_atomically(o.output + ".md", md.str());
  levcl::write_file_atomically(o.output + ".csv", csv.str());
}

int run(Options o, const std::string& command, const CLI::App& app) {
  levcl::set_log_level(o.verbosity);
  if (o.quick) {  // defaults of the quick run; options given explicitly win
    if (!app.count("--lengths")) o.lengths = "10k";
    if (!app.count("--similarities")) o.similarities = "0.5,0.9,0.99";
    if (!app.count("--variants")) o.variants = "all";
    if (!app.count("--row-budget")) o.row_budget = 2;
    if (!app.count("--time-limit")) o.time_limit = 10;
  }
  Engines e = engines(o);
  const levcl::Params params = parsed_params(o.params);
  if (!o.batch.empty()) {
    levcl::Context context(o.device);
    context.set_cold_programs(levcl::ColdPrograms::build);  // the engines warm, as Bench's
    BatchBench b;
    b.workloads = o.batch;
    b.variants = e.device_variants;
    b.params = params;
    b.variants.insert(b.variants.end(), e.cpu_variants.begin(), e.cpu_variants.end());
    b.peers = e.peers;
    b.notes = e.notes;
    b.context = &context;
    b.threads = o.threads;
    b.repeat = o.repeat;
    b.time_limit = o.time_limit;
    b.seed = o.seed;
    b.command = command;
    b.host_cpu = host_cpu();
    b.output = o.output;
    b.align = o.align;
    return run_batch_bench(b);
  }
  const auto work = workloads(o);
  Bench bench(o, params);
  const Header h = header(o, command, e, bench);

  std::vector<Row> rows;
  for (const auto& w : work) {
    const auto pair = w.load();
    const std::string& a = pair->a;
    const std::string& b = pair->b;
    Row base;
    base.workload = w.name;
    base.len_a = a.size();
    base.len_b = b.size();
    base.nominal_similarity = w.nominal_similarity;
    std::vector<Row> these;
    const auto add = [&](Row r) {
      progress(r);
      these.push_back(std::move(r));
    };
    for (const auto& v : e.device_variants) add(bench.device_row(base, v, a, b));
    if (o.align)
      for (const AlignEngine& by : align_engines(e.device_variants)) add(bench.align_row(base, by, a, b));
    for (const auto& v : e.cpu_variants)
      add(bench.cpu_row(base, "levcl " + v, [&, v] { return levcl::Context().distance(a, b, v, bench.params).distance; }));
    for (const auto* p : e.peers)
      add(o.align ? bench.cpu_row(base, p->name + " align", [&, p] { return p->align(a, b); })
                  : bench.cpu_row(base, p->name, [&, p] { return p->distance(a, b); }));
    agreed_distance(these);  // a disagreement ends the run: never a row
    rows.insert(rows.end(), these.begin(), these.end());
    write_outputs(o, h, rows);  // after every pair, so a long run keeps what it measured
  }

  write_markdown(std::cout, h, rows);
  if (!o.output.empty()) {
    const std::string title = e.device_variants.empty() ? host_cpu() : bench.context.device().name;
    const std::string why_not = plot(o.output + ".csv", o.output + ".png", "levcl-bench on " + title);
    if (!why_not.empty()) std::cerr << "levcl-bench: note: no plot: " << why_not << '\n';
    std::cerr << "levcl-bench: wrote " << o.output << ".md, .csv" << (why_not.empty() ? ", .png" : "") << '\n';
  }
  const auto failed = std::count_if(rows.begin(), rows.end(), [](const Row& r) { return r.status == Row::Status::failed; });
  if (failed > 0) {
    std::cerr << "levcl-bench: error: " << failed << " engine runs failed (see the table)\n";
    return 3;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Measures levcl's variants side by side with edlib and WFA2-lib on real and synthetic pairs, "
               "checks every distance against the other engines', and writes a table, CSV and plot.",
               "levcl-bench"};
  Options options;
  define_options(app, options);
  const std::string command = command_line("levcl-bench", argc, argv);
  return run_command(app, argc, argv, [&] { return run(options, command, app); });
}
