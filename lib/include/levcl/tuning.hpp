// levcl's tuning: the database the runtime reads (tuning/README.md) and the tuner that
// writes it (levcl-tune is its command). Users who only compute distances need none of it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl {

// ---------------------------------------------------------------------------------------
// The database

// The variant and parameters the runtime uses on a device, and why.
struct TunedChoice {
  std::string variant;  // for "auto": the variant the database rates best on the device
  Params params;        // complete, defaults filled in
  std::string source;   // e.g. "shipped tuning/nvidia-h100.json (device name)", "defaults"
};

// Looks the device up in the tuning database: the user overlay (LEVCL_TUNING_DIR, default
// $XDG_DATA_HOME/levcl/tuning or ~/.local/share/levcl/tuning) before the entries shipped
// in tuning/*.json, matching by device name (with aliases for decorations such as POCL's
// "pthread-" prefix), then architecture, then vendor and device type, then the global
// default. variant "auto" or "" picks the best-rated variant. An entry whose parameters
// the device cannot run falls back to the variant's defaults, with a warning.
LEVCL_API TunedChoice tuned_choice(const DeviceInfo& device, const std::string& variant);

// The user overlay folder of the tuning database ("" when neither LEVCL_TUNING_DIR,
// XDG_DATA_HOME nor HOME is set).
LEVCL_API std::string tuning_overlay_dir();

// Copies a tuning file into the user overlay, where every later call reads it; returns
// the path written. Throws invalid_argument when there is no overlay folder, bad_input
// when the copy fails.
LEVCL_API std::string install_tuning_file(const std::string& path);

// ---------------------------------------------------------------------------------------
// The search space

// The values the tuner tries for one parameter on a device, from its ParamSpec::sweep:
// workgroups in multiples of 32 on GPUs and powers of two on CPUs up to the device's
// maximum (at most 64 values); tile lengths 1-8 then about 1.5x steps up to the
// parameter's maximum or max_tile (when > 0); read intervals 10, 100, 1000.
LEVCL_API std::vector<std::int64_t> sweep_values(const DeviceInfo& device, const ParamSpec& spec,
                                                 std::int64_t max_tile = 0);

struct Configuration {
  Params params;           // every parameter of the variant
  std::string unrunnable;  // why the device cannot run it (unrunnable_reason), "" if it can
};

// A variant's configurations: its defaults first, then the product of the swept values in
// bit-reversed order, so that a budget cut leaves an even sample of the whole space.
LEVCL_API std::vector<Configuration> search_space(const DeviceInfo& device, const VariantInfo& variant,
                                                  std::int64_t max_tile = 0);

// ---------------------------------------------------------------------------------------
// The tuner

struct TuneSettings {
  std::string command;               // recorded in the output, e.g. "levcl-tune --budget 600"
  std::vector<std::string> variants; // device variants to tune; empty: every one with VariantInfo::tuned
  double budget_seconds = 300;       // none starts that would end past it (as its variant's last took); shared out between variants,
                                     // auto's engines first (VariantInfo::planner)
  std::int64_t max_tile = 0;         // > 0: the largest tile length swept
  std::string output;                // the levcl-tuning-1 file, rewritten after every configuration
  bool resume = false;               // take over output's measurements and skip what they cover
  // Workloads: the pair of files file_a, file_b, or else one synthetic pair per
  // similarity, of `length` bytes (0: calibrated so that the fallback variant's defaults
  // take about 0.1-0.2 s on the middle similarity, the lower of two). 99.9% tells the
  // wavefront engines bound by a pair's length from those bound by its distance (cost_model.hpp).
  std::string file_a, file_b;
  std::size_t length = 0;
  std::vector<double> similarities = {0.5, 0.9, 0.99, 0.999};
};

struct TuneBest {
  Params params;
  double gcups = 0;  // geometric mean over the workloads
};

struct TuneSummary {
  std::map<std::string, TuneBest> best;  // per variant
  std::string best_variant;              // "" when no configuration finished
  std::vector<std::string> failures;     // one line per failed or WRONG configuration
  std::size_t wrong = 0;                 // configurations that gave a wrong distance
  std::size_t not_run = 0;               // configurations the budget left out
};

// Measures every configuration of the variants on the context's device, checking each
// distance against a reference before it counts, and writes settings.output (format
// levcl-tuning-1, tuning/README.md). Progress lines go to `report`; with `verbose` it
// also reports calibration, references and skipped configurations.
LEVCL_API TuneSummary tune(Context& context, const TuneSettings& settings,
                           const std::function<void(const std::string& line)>& report, bool verbose = false);

}  // namespace levcl
