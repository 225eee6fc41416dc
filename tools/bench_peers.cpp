#include "bench_peers.hpp"

#include <limits>
#include <memory>
#include <stdexcept>

#ifdef LEVCL_BENCH_EDLIB
#include <edlib.h>
#endif
#ifdef LEVCL_BENCH_WFA2
extern "C" {
#include <wfa2lib/wavefront/wavefront_align.h>
}
#endif

namespace levcl::tools {
namespace {

// Both peers take int lengths.
int checked_length(std::string_view s, const char* peer) {
  if (s.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::length_error(std::string(peer) + " takes strings of at most 2^31-1 bytes");
  return static_cast<int>(s.size());
}

#ifdef LEVCL_BENCH_EDLIB
// Global (NW) mode, distance only, k = -1: no bound, so edlib doubles its band until the
// result is exact.
std::int64_t edlib_run(std::string_view a, std::string_view b, EdlibAlignTask task) {
  const int m = checked_length(a, "edlib"), n = checked_length(b, "edlib");
  EdlibAlignResult r = edlibAlign(a.data(), m, b.data(), n, edlibNewAlignConfig(-1, EDLIB_MODE_NW, task, nullptr, 0));
  const int status = r.status, d = r.editDistance;
  const bool path = r.alignment != nullptr;
  edlibFreeAlignResult(r);
  if (status != EDLIB_STATUS_OK || d < 0 || (task == EDLIB_TASK_PATH && !path)) throw std::runtime_error("edlib failed");
  return d;
}
std::int64_t edlib_distance(std::string_view a, std::string_view b) { return edlib_run(a, b, EDLIB_TASK_DISTANCE); }
// The path too: Hirschberg's divide and conquer above edlib's 1 MB matrix limit.
std::int64_t edlib_path(std::string_view a, std::string_view b) { return edlib_run(a, b, EDLIB_TASK_PATH); }
Peer::Worker edlib_worker() { return edlib_distance; }  // edlib allocates per call whatever one does
Peer::Worker edlib_path_worker() { return edlib_path; }
#endif

#ifdef LEVCL_BENCH_WFA2
// Edit metric, score only, end to end, no heuristic. Score-only keeps just the live
// wavefronts (O(d) memory); the high memory mode is WFA2's fastest.
// With the CIGAR: BiWFA (memory ultralow), O(s) memory like levcl's alignment.
std::shared_ptr<wavefront_aligner_t> wfa2_aligner(bool cigar = false) {
  wavefront_aligner_attr_t attributes = wavefront_aligner_attr_default;
  attributes.distance_metric = edit;
  attributes.alignment_scope = cigar ? compute_alignment : compute_score;
  attributes.alignment_form.span = alignment_end2end;
  attributes.heuristic.strategy = wf_heuristic_none;
  attributes.memory_mode = cigar ? wavefront_memory_ultralow : wavefront_memory_high;
  wavefront_aligner_t* aligner = wavefront_aligner_new(&attributes);
  if (aligner == nullptr) throw std::runtime_error("WFA2-lib could not create an aligner");
  return std::shared_ptr<wavefront_aligner_t>(aligner, wavefront_aligner_delete);
}

std::int64_t wfa2_score(wavefront_aligner_t* aligner, std::string_view a, std::string_view b) {
  const int m = checked_length(a, "WFA2-lib"), n = checked_length(b, "WFA2-lib");
  const int status = wavefront_align(aligner, a.data(), m, b.data(), n);
  if (status != WF_STATUS_SUCCESSFUL)
    throw std::runtime_error(std::string("WFA2-lib failed: ") + wavefront_align_strerror(status));
  const int score = aligner->cigar->score;
  return score < 0 ? -static_cast<std::int64_t>(score) : score;  // edit scores are reported as penalties
}

std::int64_t wfa2_distance(std::string_view a, std::string_view b) { return wfa2_score(wfa2_aligner().get(), a, b); }

Peer::Worker wfa2_worker() {
  return [aligner = wfa2_aligner()](std::string_view a, std::string_view b) { return wfa2_score(aligner.get(), a, b); };
}

std::int64_t wfa2_cigar(std::string_view a, std::string_view b) { return wfa2_score(wfa2_aligner(true).get(), a, b); }

Peer::Worker wfa2_cigar_worker() {
  return [aligner = wfa2_aligner(true)](std::string_view a, std::string_view b) { return wfa2_score(aligner.get(), a, b); };
}
#endif

}  // namespace

const std::vector<Peer>& peers() {
  static const std::vector<Peer> all = {
#ifdef LEVCL_BENCH_EDLIB
      {"edlib", "edlib " LEVCL_BENCH_EDLIB, true, edlib_distance, edlib_worker, edlib_path, edlib_path_worker},
#else
      {"edlib", "edlib", false, nullptr, nullptr, nullptr, nullptr},
#endif
#ifdef LEVCL_BENCH_WFA2
      {"wfa2", "WFA2-lib " LEVCL_BENCH_WFA2, true, wfa2_distance, wfa2_worker, wfa2_cigar, wfa2_cigar_worker},
#else
      {"wfa2", "WFA2-lib", false, nullptr, nullptr, nullptr, nullptr},
#endif
  };
  return all;
}

}  // namespace levcl::tools
