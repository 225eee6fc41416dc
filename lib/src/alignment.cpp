// Context::align and Context::aligns: optimal alignments in O(m + n) device memory by
// divide and conquer on breakpoints (BiWFA, Marco-Sola et al. 2023; CUDAlign's stages 2-4
// split the same way, Sandes et al. 2016). The persistent engine finds, for every part of
// a level at once, a cell where the forward and backward wavefronts meet; each part is
// split there into two whose distances it also gives, so every part below the top is
// solved with its exact distance as bound (its columns hold O(distance) positions). A
// part of distance at most kTracebackScore is traced back on the device, one work-item a
// part (alignment_traceback.cpp); a part with an empty side is all I or all D; the others
// go to the next level. Distances halve per level, so a pair of distance d takes about
// log2(d / kTracebackScore) + 2 levels of launches.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>

#include "alignment_traceback.hpp"
#include "cigar.hpp"
#include "device_runtime.hpp"
#include "context_impl.hpp"
#include "log.hpp"
#include "wfa_persistent.hpp"

namespace levcl {
namespace {

using detail::Breakpoint;
using detail::Piece;

// A part of pair `pair`: its strings' offsets and lengths in the uploaded strings, and its
// distance where known (-1 at the top).
struct Part {
  std::size_t pair;
  std::int64_t a_offset, m, b_offset, n, distance;
};

// Parts with an empty side need no device: all D, or all I.
bool written_on_host(const Part& part) { return part.m == 0 || part.n == 0; }
bool traced(const Part& part) { return part.distance >= 0 && part.distance <= detail::kTracebackScore; }

// A finished part: written on the host, or its runs in the tracebacks' vector.
struct Leaf {
  Part part;
  detail::PartTracebacks::Span runs{0, 0};
};

// One pair of the uploaded strings: a[a_offset, + m) against b[b_offset, + n).
struct Task {
  std::int64_t a_offset, m, b_offset, n;
};

// The alignments of every task of a and b on the device, level by level.
std::vector<Alignment> align_tasks(detail::OpenDevice& device, std::string_view a, std::string_view b,
                                   const std::vector<Task>& tasks, const Params& params, std::int64_t max_distance,
                                   detail::MeetingCosts& costs) {
  std::vector<Alignment> out(tasks.size());
  std::vector<Part> parts;
  std::vector<Leaf> leaves;
  std::vector<std::int64_t> bounds(tasks.size());  // the top level's, per pair
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const Task& task = tasks[t];
    const std::int64_t longest = std::max(task.m, task.n);
    bounds[t] = max_distance >= 0 ? std::min(max_distance, longest) : longest;
    out[t].a_end = static_cast<std::uint64_t>(task.m);
    out[t].b_end = static_cast<std::uint64_t>(task.n);
    out[t].distance = -1;
    if (std::abs(task.m - task.n) > bounds[t]) continue;  // above the bound, known without a launch
    if (task.m == 0 || task.n == 0) out[t].distance = longest;
    parts.push_back({t, task.a_offset, task.m, task.b_offset, task.n, out[t].distance});
  }

  // Made (the strings uploaded) when a part needs the device.
  std::unique_ptr<detail::DeviceStrings> strings;
  std::unique_ptr<detail::PieceMeetings> meetings;
  std::unique_ptr<detail::PartTracebacks> tracebacks;
  std::vector<std::uint64_t> runs;  // the traced parts' runs
  std::size_t level = 0;
  while (!parts.empty()) {
    std::vector<Part> split, to_trace;
    std::vector<Piece> pieces, trace_pieces;
    for (const Part& part : parts) {
      if (written_on_host(part)) {
        leaves.push_back({part});
      } else if (traced(part)) {
        to_trace.push_back(part);
        trace_pieces.push_back({part.a_offset, part.m, part.b_offset, part.n, part.distance});
      } else {
        split.push_back(part);
        pieces.push_back(
            {part.a_offset, part.m, part.b_offset, part.n, part.distance >= 0 ? part.distance : bounds[part.pair]});
      }
    }
    parts.clear();
    if (!strings && (!pieces.empty() || !trace_pieces.empty()))
      strings = std::make_unique<detail::DeviceStrings>(device, a, b);
    if (!trace_pieces.empty()) {
      if (!tracebacks) tracebacks = std::make_unique<detail::PartTracebacks>(device, *strings);
      std::vector<detail::PartTracebacks::Span> spans;
      tracebacks->run(trace_pieces, runs, spans);
      for (std::size_t q = 0; q < to_trace.size(); ++q) leaves.push_back({to_trace[q], spans[q]});
    }
    if (pieces.empty()) break;
    if (!meetings) meetings = std::make_unique<detail::PieceMeetings>(device, *strings, params);
    const std::vector<Breakpoint> found = meetings->run(pieces);
    for (std::size_t q = 0; q < split.size(); ++q) {
      const Part& part = split[q];
      const Breakpoint& at = found[q];
      if (part.distance < 0) {  // the top: the pair's distance, or above the bound
        if (at.distance > pieces[q].bound) {
          out[part.pair].distance = -1;
          continue;
        }
        out[part.pair].distance = at.distance;
      } else if (at.distance != part.distance) {
        throw Error(ErrorCode::internal, "a part of known distance " + std::to_string(part.distance) + " met at " +
                                             std::to_string(at.distance));
      }
      parts.push_back({part.pair, part.a_offset, at.i, part.b_offset, at.j, at.forward_score});
      parts.push_back({part.pair, part.a_offset + at.i, part.m - at.i, part.b_offset + at.j, part.n - at.j,
                       at.backward_score});
    }
    detail::log().debug("align: level {}: {} part(s) split, {} traced, {} finished", level++, split.size(),
                        to_trace.size(), leaves.size());
  }
  if (meetings) costs = meetings->costs();
  if (tracebacks) {
    costs.cells += tracebacks->cells();
    costs.launches += tracebacks->launches();
    costs.kernel_seconds += tracebacks->kernel_seconds();
    costs.peak_device_bytes += tracebacks->device_bytes();  // both only grow: their sum at the end is the peak
  }
  if (strings && !meetings) costs.peak_device_bytes += strings->bytes;

  // Parts of a pair follow each other along its path, each starting where the one before
  // ended: in the order of a_offset + b_offset (empty parts left out).
  std::stable_sort(leaves.begin(), leaves.end(), [](const Leaf& x, const Leaf& y) {
    return x.part.pair != y.part.pair ? x.part.pair < y.part.pair
                                      : x.part.a_offset + x.part.b_offset < y.part.a_offset + y.part.b_offset;
  });
  for (std::size_t first = 0; first < leaves.size();) {
    const std::size_t pair = leaves[first].part.pair;
    detail::CigarBuilder cigar;
    for (; first < leaves.size() && leaves[first].part.pair == pair; ++first) {
      const Leaf& leaf = leaves[first];
      if (written_on_host(leaf.part)) {
        cigar.add('D', static_cast<std::uint64_t>(leaf.part.m));
        cigar.add('I', static_cast<std::uint64_t>(leaf.part.n));
      }
      for (std::size_t r = leaf.runs.begin; r < leaf.runs.begin + leaf.runs.count; ++r)
        cigar.add(detail::kRunOps[runs[r] & 3], runs[r] >> 2);
    }
    if (out[pair].distance < 0) continue;
    out[pair].cigar = cigar.str();
    // A CIGAR is never returned unchecked: replaying it costs a pass over both strings,
    // little beside finding it, and turns any defect into an error, never a wrong answer.
    const Task& task = tasks[pair];
    std::int64_t cost = -1;
    try {
      cost = verify_alignment(a.substr(static_cast<std::size_t>(task.a_offset), static_cast<std::size_t>(task.m)),
                              b.substr(static_cast<std::size_t>(task.b_offset), static_cast<std::size_t>(task.n)),
                              out[pair].cigar);
    } catch (const Error& e) {
      throw Error(ErrorCode::internal, std::string("the alignment found does not replay: ") + e.what());
    }
    if (cost != out[pair].distance)
      throw Error(ErrorCode::internal, "alignment of cost " + std::to_string(cost) + " for distance " +
                                           std::to_string(out[pair].distance));
  }
  return out;
}

// Pairs per call of align_tasks: their strings within what one upload may hold.
constexpr std::uint64_t kChunkBytes = std::uint64_t{1} << 30;

void check_align_variant(const std::string& variant) {
  if (!variant.empty() && variant != "auto" && variant != "persistent")
    throw Error(ErrorCode::invalid_argument, "alignments find their breakpoints with the persistent engine; variant '" +
                                                 variant + "' cannot align (use auto or persistent)");
}

}  // namespace

Alignment Context::align(std::string_view a, std::string_view b, const Options& options) {
  BatchAlignment batch = aligns(std::vector<PairView>{{a, b}}, options);
  Alignment out = std::move(batch.alignments.front());
  out.device = batch.device;
  out.params = batch.params;
  out.cells = batch.cells;
  out.seconds = batch.seconds;
  out.build_seconds = batch.build_seconds;
  out.kernel_seconds = batch.kernel_seconds;
  out.launches = batch.launches;
  out.peak_device_bytes = batch.peak_device_bytes;
  detail::log().info("align: distance {} of {} x {} in {:.6f} s ({} cells, {} launches, kernel {:.6f} s, peak {} bytes)",
                     out.distance, a.size(), b.size(), out.seconds, out.cells, out.launches, out.kernel_seconds,
                     out.peak_device_bytes);
  return out;
}

BatchAlignment Context::aligns(const std::vector<PairView>& pairs, const Options& options) {
  const detail::IndexedPairs batch = detail::indexed(pairs);
  return aligns(batch.strings, batch.pairs, options);
}

BatchAlignment Context::aligns(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                               const Options& options) {
  check_align_variant(options.variant);
  detail::resolve_params(detail::find_variant("persistent").info, options.params);
  detail::check_batch(strings, pairs);

  std::lock_guard<std::mutex> lock(impl_->mutex);
  const Impl::Plan plan = impl_->plan("persistent", options.params, {}, {});
  detail::OpenDevice& device = *plan.device;
  const double built_before = device.build_seconds();
  const auto start = std::chrono::steady_clock::now();

  BatchAlignment batch;
  batch.alignments.reserve(pairs.size());
  for (std::size_t first = 0; first < pairs.size();) {
    // The chunk's strings laid end to end, each once; one pair alone is aligned in place.
    std::vector<Task> tasks;
    std::string text;
    std::vector<std::int64_t> placed(strings.size(), -1);
    const auto place = [&](std::uint32_t s) {
      if (placed[s] < 0) {
        placed[s] = static_cast<std::int64_t>(text.size());
        text.append(strings[s]);
      }
      return placed[s];
    };
    std::string_view a_text, b_text;
    if (pairs.size() == 1) {
      a_text = strings[pairs[0].a];
      b_text = strings[pairs[0].b];
      tasks.push_back({0, static_cast<std::int64_t>(a_text.size()), 0, static_cast<std::int64_t>(b_text.size())});
      first = 1;
    } else {
      for (; first < pairs.size() && (tasks.empty() || text.size() < kChunkBytes); ++first) {
        const IndexPair& pair = pairs[first];
        const std::int64_t a_at = place(pair.a), b_at = place(pair.b);
        tasks.push_back({a_at, static_cast<std::int64_t>(strings[pair.a].size()), b_at,
                         static_cast<std::int64_t>(strings[pair.b].size())});
      }
      a_text = b_text = text;
    }
    detail::MeetingCosts costs;
    std::vector<Alignment> done = align_tasks(device, a_text, b_text, tasks, plan.params, options.max_distance, costs);
    for (Alignment& alignment : done) batch.alignments.push_back(std::move(alignment));
    batch.cells += costs.cells;
    batch.kernel_seconds += costs.kernel_seconds;
    batch.launches += costs.launches;
    batch.peak_device_bytes = std::max(batch.peak_device_bytes, costs.peak_device_bytes);
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  batch.device = device.info().name;
  batch.params = plan.params;
  batch.build_seconds = device.build_seconds() - built_before;
  batch.seconds = std::max(0.0, elapsed - batch.build_seconds);
  return batch;
}

}  // namespace levcl
