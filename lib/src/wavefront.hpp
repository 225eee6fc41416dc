// Host side shared by the wavefront (WFA) variants: device buffers for the two strings,
// two centred columns and the solution state; the live diagonal range of a radius
// (with the dynamic diamond); and the read of the state that ends the run.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string_view>

#include "device_runtime.hpp"

namespace levcl::detail {

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

class WavefrontBuffers {
 public:
  // Uploads the strings and prepares two columns of m+n+3 cells set to UNREACHED.
  WavefrontBuffers(OpenDevice& device, std::string_view a, std::string_view b);

  cl::Buffer a, b;
  cl::Buffer columns[2];
  cl::Buffer state;  // [0] solution radius (INT_MAX until found), [1] distance bound

  struct State {
    std::int64_t solution;  // the distance, or -1 while unknown
    std::int64_t bound;     // an upper bound on the distance
  };
  // Blocking read of the state (waits for every launch enqueued before).
  State read_state(cl::CommandQueue& queue);
};

// Device busy span between the start of `first` and the end of `last`.
double busy_seconds(const cl::Event& first, const cl::Event& last);

using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace levcl::detail
