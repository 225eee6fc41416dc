// The CPU peers levcl-bench measures side by side with levcl: edlib and WFA2-lib, each
// computing the exact global edit distance (score only, no heuristics), or with --align the
// alignment too. Each is compiled
// in when its Debian package (libedlib-dev, libwfa2-dev) was found at configure time.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace levcl::tools {

struct Peer {
  std::string name;       // as in --peers: "edlib", "wfa2"
  std::string title;      // for reports: "edlib 1.2.7"
  bool available = false; // compiled in
  std::int64_t (*distance)(std::string_view a, std::string_view b) = nullptr;
  // For batches, one per thread: a distance function that keeps its allocations from pair
  // to pair (WFA2-lib's aligner), as a batch user of the library would.
  using Worker = std::function<std::int64_t(std::string_view a, std::string_view b)>;
  Worker (*worker)() = nullptr;
  // The same with the alignment computed too (edlib's path; WFA2-lib's CIGAR by BiWFA, in
  // O(s) memory): its distance.
  std::int64_t (*align)(std::string_view a, std::string_view b) = nullptr;
  Worker (*align_worker)() = nullptr;
};

// Every known peer, available or not (an unavailable one is reported as skipped).
const std::vector<Peer>& peers();

}  // namespace levcl::tools
