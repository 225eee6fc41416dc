// levcl-tune: measures every configuration of the device variants on one device and
// writes a tuning database entry (format: tuning/README.md). The tuner is the library's
// (levcl::tune, levcl/tuning.hpp); this command parses options and prints its summary.
//
// Exit status: 0 success, 2 bad usage or bad input, 3 failure while running. Every failure
// prints one "levcl-tune: error: ..." message on standard error.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <string>

#include "command_main.hpp"
#include "levcl/levcl.hpp"
#include "levcl/tuning.hpp"
#include "tool_common.hpp"

using namespace levcl::tools;

namespace {

struct Options {
  std::string device;
  std::string variants;
  std::string similarities = "0.5,0.9,0.99,0.999";
  bool install = false;
  int verbosity = 0;
  levcl::TuneSettings settings;
};

void define_options(CLI::App& app, Options& o) {
  levcl::TuneSettings& s = o.settings;
  add_device_option(app, o.device);
  app.add_option("--variants", o.variants,
                 "Comma-separated variants to tune (default: every device variant worth tuning; "
                 "levcl --list-variants)")
      ->type_name("LIST");
  app.add_option("--budget", s.budget_seconds, "Seconds the run may take: no configuration is started that would end past them (judged by its variant's last)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--output", s.output, "Output file (default: levcl-tune-<device name>.json)")->type_name("FILE");
  app.add_flag("--resume", s.resume, "Read --output if it exists and skip the configurations it has measured");
  app.add_flag("--install", o.install,
               "Copy the output into the user tuning overlay (LEVCL_TUNING_DIR, else "
               "$XDG_DATA_HOME/levcl/tuning, else ~/.local/share/levcl/tuning)");
  app.add_option("--length", s.length,
                 "Length of the synthetic strings (default: calibrated so that the default "
                 "configuration takes about 0.1-0.2 s)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 31));
  app.add_option("--similarities", o.similarities, "Comma-separated similarities of the synthetic pairs, in (0, 1]")
      ->capture_default_str()
      ->type_name("LIST");
  app.add_option("--max-tile", s.max_tile, "Largest tile length swept (default: each variant's maximum)")
      ->check(CLI::PositiveNumber);
  app.add_option("A", s.file_a, "Tune on this pair of files (read like levcl does) instead of synthetic pairs");
  app.add_option("B", s.file_b, "Second file of the pair");
  app.add_flag("-v,--verbose", o.verbosity, "More detail on stderr: -v lists skipped configurations, -vv logs the library");
  app.set_version_flag("--version", std::string("levcl-tune ") + levcl::version());
  app.footer(
      "Exit status: 0 success, 2 bad usage or input, 3 failure while running.\n"
      "The budget is shared out between the variants, auto's engines first (bitpar, persistent, pwg, ...: "
      "they share all of it, and the paper's other variants what they leave); unused time passes on to the next one; "
      "within a variant the default configuration runs first, then the others in an order "
      "that samples the whole space evenly, so a short budget still sees all of it coarsely. The workloads run most "
      "similar first; a configuration over 3 times its variant's fastest on one is not measured on the rest.");
}

int run(Options& o, const std::string& command) {
  levcl::set_log_level(std::max(0, o.verbosity - 1));
  levcl::TuneSettings& s = o.settings;
  s.command = command;
  s.variants = split(o.variants);
  s.similarities = parse_similarities(o.similarities, "--similarities");
  levcl::Context context(o.device);
  const levcl::DeviceInfo& device = context.device();
  if (s.output.empty()) s.output = "levcl-tune-" + sanitise(device.name) + ".json";

  const auto report = [](const std::string& line) { std::cerr << "levcl-tune: " << line << std::endl; };
  const levcl::TuneSummary summary = levcl::tune(context, s, report, o.verbosity > 0);

  for (const auto& [variant, best] : summary.best) {
    std::string params;
    for (const auto& [key, value] : best.params) params += (params.empty() ? "" : " ") + key + "=" + std::to_string(value);
    std::cerr << "best " << variant << ": " << fixed(best.gcups, 1) << " GCUPS " << params << '\n';
  }
  if (!summary.best_variant.empty()) std::cerr << "best variant: " << summary.best_variant << '\n';
  if (!summary.failures.empty()) {
    std::cerr << "levcl-tune: " << summary.failures.size() << " configurations failed"
              << (summary.wrong ? " (" + std::to_string(summary.wrong) + " WRONG distances)" : "") << ":\n";
    for (const auto& f : summary.failures) std::cerr << "  " << f << '\n';
  }
  if (summary.not_run > 0)
    std::cerr << "levcl-tune: budget spent: " << summary.not_run << " configurations not run; run again with "
              << "--resume (and a budget) to measure them\n";
  std::cerr << "levcl-tune: wrote " << s.output << '\n';
  if (o.install) std::cerr << "levcl-tune: installed " << levcl::install_tuning_file(s.output) << '\n';
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
