// The levcl command after its arguments are parsed: one pair's distance or alignment, or a
// batch's, printed as levcl prints them. levcl (levcl.cpp) computes a batch's chunks in its
// own process; levcl-mpi (levcl_mpi.cpp) deals them to the ranks of an MPI job. What both
// parse and print is this file's, so their outputs are the same byte for byte.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::tools {

struct CommandOptions {
  std::string a, b;
  std::string variant = levcl::Context::default_variant();
  std::vector<std::string> params;
  std::int64_t max_distance = -1;
  std::string device;
  std::string record, record_a, record_b;
  std::string pairs, query, targets, all_vs_all;  // the batch modes
  unsigned threads = 0;
  bool list_devices = false;
  bool list_variants = false;
  bool json = false;
  bool align = false;
  bool ignore_case = false, n_mismatch = false;
  std::string format = "cigar";
  std::string output;  // a file instead of standard output
  int verbosity = 0;
};

// levcl's options and flags, into `o`.
void define_command_options(CLI::App& app, CommandOptions& o);

// What the options ask to compute (the parameters parsed, the variant checked); throws
// invalid_argument.
levcl::Options settings_of(const CommandOptions& o);

// Whether the options ask for a batch (--pairs, --query, --all-vs-all).
bool is_batch(const CommandOptions& o);

// Pairs in, results out in the order pushed, to the sink given where the stream was made.
class PairStream {
 public:
  virtual ~PairStream() = default;
  virtual void push(std::string_view a, std::string_view b, levcl::Held held) = 0;
  // Delivers every result left; throws the first error, after the results before it.
  virtual void finish() = 0;
};

// Where a batch's chunks are computed, and single pairs: this process's context on the
// device given (made on first use), and what computes a batch's chunks.
class BatchRunner {
 public:
  using DistanceSink = std::function<void(std::uint64_t index, std::int64_t distance)>;
  using AlignmentSink =
      std::function<void(std::uint64_t index, std::string_view a, std::string_view b, const levcl::Alignment& alignment)>;
  explicit BatchRunner(std::string device) : device_(std::move(device)) {}
  virtual ~BatchRunner() = default;
  BatchRunner(const BatchRunner&) = delete;
  BatchRunner& operator=(const BatchRunner&) = delete;

  levcl::Context& context();
  // Pairs this process's context has finished in the chunk it runs, not yet delivered (for
  // the progress line, from its thread).
  std::uint64_t running_pairs_done() const;
  virtual std::unique_ptr<PairStream> distances(const levcl::Options& settings, DistanceSink sink) = 0;
  virtual std::unique_ptr<PairStream> alignments(const levcl::Options& settings, AlignmentSink sink) = 0;
  // One pair's distance: on this context, or (levcl-mpi) split with another rank.
  virtual levcl::Result distance(std::string_view a, std::string_view b, const levcl::Options& settings) {
    return context().distance(a, b, settings);
  }

 private:
  std::string device_;
  std::optional<levcl::Context> context_;
  std::atomic<bool> ready_{false};  // context_ made
};

// Everything in this process: the library's streams over the context.
class LocalRunner final : public BatchRunner {
 public:
  using BatchRunner::BatchRunner;
  std::unique_ptr<PairStream> distances(const levcl::Options& settings, DistanceSink sink) override;
  std::unique_ptr<PairStream> alignments(const levcl::Options& settings, AlignmentSink sink) override;
};

// Runs the command the options describe; its exit status (errors are thrown).
int run_levcl(const CommandOptions& o, BatchRunner& runner);

}  // namespace levcl::tools
