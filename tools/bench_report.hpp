// levcl-bench's rows and what is made of them: the cross-check of the engines' distances,
// the Markdown table for people, the CSV for tools, and the PNG plot (bench/plot_bench.py,
// embedded at build time and run with python3 and matplotlib).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::tools {

// One engine on one workload.
struct Row {
  enum class Status { ok, over_limit, failed };
  std::string workload;               // "BA000035.2 vs BX927147.1", "synthetic 1000000 @ 0.9"
  std::uint64_t len_a = 0, len_b = 0;
  double nominal_similarity = -1;     // synthetic pairs: 1 - mutation rate; files: < 0
  std::string engine;                 // "levcl pwg", "edlib", "wfa2", "levcl cpu-wfa"
  bool on_device = false;             // a levcl device variant (else a CPU engine)
  std::string params;                 // "tile=127", "" for the peers
  std::string params_source;          // where levcl took them from
  Status status = Status::ok;
  std::string message;                // why it failed
  std::optional<std::int64_t> distance;
  std::vector<double> seconds;        // end to end, one per measured run
  std::vector<double> kernel_seconds; // device variants: device busy time per run
  std::uint64_t cells = 0;            // device variants: cells actually computed
  double limit_seconds = 0;           // CPU engines: the time limit

  double gcups(double seconds) const { return levcl::gcups(len_a, len_b, seconds); }
};

double median(std::vector<double> values);

// The distance all engines of one workload agree on, or nothing when none finished.
// Throws levcl::Error (internal) naming every engine's answer when any two disagree.
std::optional<std::int64_t> agreed_distance(const std::vector<Row>& workload_rows);

// The alignment rows of --align: auto's engines first ("levcl align"), then each variant of
// `variants` that finds breakpoints ("levcl align NAME"); `variant` as Options takes it.
struct AlignEngine {
  std::string engine, variant;
};
std::vector<AlignEngine> align_engines(const std::vector<std::string>& variants);

// 1 - distance / max(m, n), the similarity of ../shared/data/README.md.
double similarity(std::int64_t distance, std::uint64_t len_a, std::uint64_t len_b);

// The facts above the table: device, driver, CPU, versions, the exact command, notes.
struct Header {
  std::vector<std::pair<std::string, std::string>> lines;  // (label, text)
};

void write_markdown(std::ostream& out, const Header& header, const std::vector<Row>& rows);
void write_csv(std::ostream& out, const std::vector<Row>& rows);

// Runs the embedded plot script on a CSV file; returns "" on success, else why not.
std::string plot(const std::string& csv_path, const std::string& png_path, const std::string& title);

}  // namespace levcl::tools
