// Host side shared by the wavefront (WFA) families (wfa_column.cpp, wfa_band.cpp): their
// common parameters, device buffers for the two strings, the centred columns and the
// solution state; the live diagonal range of a radius (with the dynamic diamond); and
// the launch loop that ends when the state holds the solution.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>
#include <string_view>

#include "runtime/device_buffers.hpp"
#include "engines/registry.hpp"

namespace levcl::detail {

// Parameters of every wavefront variant (kernel #defines in upper case).
ParamSpec read_interval_param();
ParamSpec diamond_param();
ParamSpec extend_param();

// Diagonals [lo, hi] computed at one radius; empty when lo > hi.
struct DiagonalRange {
  std::int64_t lo, hi;
  bool empty() const { return lo > hi; }
  std::uint64_t size() const { return empty() ? 0 : static_cast<std::uint64_t>(hi - lo + 1); }
};

// The diagonals of radius r inside the matrix and, when `bound` is known, inside the
// dynamic diamond: those that can still reach the solution diagonal n - m by radius
// `bound` (Section 3.1: one diagonal of drift per radius).
inline DiagonalRange live_diagonals(std::int64_t m, std::int64_t n, std::int64_t r, std::int64_t bound,
                                    bool diamond) {
  DiagonalRange range{-std::min(r, m), std::min(r, n)};
  if (diamond) {
    const std::int64_t slack = bound - r, solution = n - m;
    range.lo = std::max(range.lo, solution - slack);
    range.hi = std::min(range.hi, solution + slack);
  }
  return range;
}

// The device memory of WavefrontBuffers' strings and `column_count` columns for a pair;
// the families add what else they hold.
MemoryNeeds wavefront_memory(int column_count, std::uint64_t m, std::uint64_t n);

class WavefrontBuffers {
 public:
  // Uploads the strings and prepares `column_count` centred columns of m+n+3 cells set
  // to UNREACHED (two for a column per launch; four for the bands' zig-zag boundary);
  // the state starts with the distance bound `bound`.
  WavefrontBuffers(OpenDevice& device, std::string_view a, std::string_view b, int column_count,
                   std::int64_t bound);

  cl::Buffer a, b;
  std::vector<cl::Buffer> columns;
  // The run's state, STATE_INTS ints (cl/wfa_common.h): the solution, a distance bound and
  // the cells counted on the device.
  cl::Buffer state;

  struct State {
    std::int64_t solution;  // the distance, or -1 while unknown
    std::int64_t bound;     // an upper bound on the distance
    std::uint64_t cells;    // cells counted on the device
  };
  // Blocking read of the state (waits for every launch enqueued before).
  State read_state(cl::CommandQueue& queue);
};

// Whether a run extends matches 8 bytes at a time (cl/wfa_common.cl, EXTEND_WORDS):
// `extend` is the variants' parameter, 0 bytes, 2 words, 1 words when the strings look
// similar. Words pay off on the long matching runs of similar strings and cost time on
// dissimilar ones, whose runs are a byte or two (H100: E. coli K-12 vs DH1, 99.4% similar,
// 2.1x faster; the 53%-similar motivating pair 1.45x slower). "Look similar": the sampled
// divergence (engines/divergence.hpp) leaves 16 or more matching bytes per edit.
bool extend_by_words(const DivergenceSample& sample, std::int64_t extend);

// One launch of a wavefront variant: step s is a radius (one column per launch) or a
// band of radii (tiles). `live(s, bound)` says whether step s has any cell inside the
// pyramid and the dynamic diamond of distance bound `bound`; `enqueue(s, bound, event)`
// enqueues it (asking for `event` when non-null) and returns the cells it computes, or
// 0 when the kernel counts them on the device.
struct WavefrontSteps {
  std::function<bool(std::int64_t step, std::int64_t bound)> live;
  std::function<std::uint64_t(std::int64_t step, std::int64_t bound, cl::Event* event)> enqueue;
  std::int64_t last_step;      // a step by which the solution is reached if the distance is at most the bound
  std::int64_t read_interval;  // launches between two blocking reads of the state
  double radii_per_step = 1;   // for the progress: a band of tiles is t radii
};

// Enqueues steps until the state read after one of them holds the solution, or until
// last_step has passed without one: then the distance is over `max_distance` (the
// caller's k) and the result's distance is max_distance + 1. The host's diamond bound
// lags the device's by at most one read interval: that only costs a few cells, never
// exactness, because a looser bound keeps a superset of the needed cells. Fills
// distance, cells (host-counted plus device-counted), launches, kernel_seconds. Past half a
// second, each read tells the device's meter its steps against those `pair`'s estimated
// distance needs.
Result run_wavefront(OpenDevice& device, WavefrontBuffers& buffers, std::int64_t max_distance,
                     const WavefrontSteps& steps, const DivergenceSample& pair);

}  // namespace levcl::detail
