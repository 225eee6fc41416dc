// levcl-bench --batch: many pairs per call. levcl's Context::distances (device batch
// engine, or CPU variants on host threads) beside edlib and WFA2-lib on every host thread,
// every distance cross-checked, and a stream of pairs with its memory watched.
#pragma once

#include <string>
#include <vector>

#include "bench_peers.hpp"
#include "levcl/levcl.hpp"

namespace levcl::tools {

struct BatchBench {
  // Workloads: "all-vs-all:FASTA[:LIMIT]" (every pair of records once, the first LIMIT
  // pairs), "synthetic:COUNT:LENGTH:SIMILARITY" (seeded pairs of levcl/synthetic.hpp),
  // "stream:COUNT:LENGTH:SIMILARITY" (COUNT pairs pushed through a DistanceStream, drawn in
  // turn from 10^5 synthetic ones; peak RSS reported as it goes).
  std::vector<std::string> workloads;
  std::vector<std::string> variants;  // levcl variants, "auto" included
  Params params;                      // of every levcl run (--param)
  std::vector<const Peer*> peers;
  std::vector<std::string> notes;     // for the header
  Context* context = nullptr;         // levcl's, on the device chosen
  unsigned threads = 0;               // host threads of the CPU engines (0: every core)
  int repeat = 3;
  double time_limit = 600;            // seconds a peer may take for a whole workload
  std::uint64_t seed = 1;
  std::string command, host_cpu, output;
  bool align = false;                 // a Context::aligns row, and the peers' alignments
};

// Runs every engine on every workload; prints the Markdown table, writes PREFIX.md and
// PREFIX.csv. Returns the exit status (3 when an engine failed or two disagree).
int run_batch_bench(const BatchBench& bench);

}  // namespace levcl::tools
