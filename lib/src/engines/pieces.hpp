// What an alignment asks of the engines (alignment/alignment.cpp): pieces of two strings
// held on the device, split at a breakpoint (Capability::breakpoint) until their distance
// is small enough to trace back (Capability::traceback). An engine with either capability
// registers a function that opens one of these for a device and the strings; it keeps its
// buffers from call to call.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::detail {

// A piece: a[a_offset, a_offset + m) against b[b_offset, b_offset + n) of the strings an
// engine was opened on, where no distance above `bound` is wanted (for a traceback: its
// exact distance). `exact`: the bound is the piece's distance (an alignment's pieces below
// its top), so no pass under a lower bound can end it. `estimate`: the piece's distance as
// the caller sampled it (engines/divergence), or below 0 where it did not.
struct Piece {
  std::int64_t a_offset = 0, m = 0, b_offset = 0, n = 0, bound = 0;
  bool exact = false;
  double estimate = -1;
};

// Cell (i, j) of the DP matrix lies on an optimal path of a against b: the distance of
// a[0, i) and b[0, j) is at most forward_score, that of a[i, m) and b[j, n) at most
// backward_score, and the two add up to the distance (so each holds with equality).
struct Breakpoint {
  std::int64_t distance = -1;  // above the bound: bound + 1, and no cell
  std::int64_t i = 0, j = 0;
  std::int64_t forward_score = 0, backward_score = 0;
};

// A run of one CIGAR operation ('=', 'X', 'I', 'D').
struct CigarRun {
  char op;
  std::uint64_t length;
};

// Elements left as they come (default-initialised) where a vector grows: every run is
// written before it is read, and zeroing a batch's runs on one thread cost tens of
// milliseconds (10^4 pairs of 10 kbp at 90%: about 2*10^7 runs, 0.3 GB).
template <typename T>
struct Unzeroed : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = Unzeroed<U>;
  };
  Unzeroed() = default;
  template <typename U>
  Unzeroed(const Unzeroed<U>&) noexcept {}
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

// The runs pieces are traced into.
using CigarRuns = std::vector<CigarRun, Unzeroed<CigarRun>>;

// What an engine holds on the device and has cost so far.
class PieceEngine {
 public:
  virtual ~PieceEngine() = default;
  // cells, kernel_seconds and launches of every run so far.
  virtual Costs costs() const = 0;
  // Device memory of its own buffers, at most at once (the strings not counted).
  virtual std::uint64_t peak_device_bytes() const = 0;
};

class BreakpointFinder : public PieceEngine {
 public:
  // One breakpoint per piece, in order, into `out` (resized: a caller that keeps it from
  // level to level spares the fresh pages of a vector of 10^6 breakpoints, 40 MB). Throws
  // out_of_memory when a piece alone does not fit the device, saying what it needs and
  // what the device has.
  virtual void run(const std::vector<Piece>& pieces, std::vector<Breakpoint>& out) = 0;
  // One piece's breakpoint.
  Breakpoint run_one(const Piece& piece) {
    std::vector<Breakpoint> out;
    run({piece}, out);
    return out.front();
  }
};

class PieceTracer : public PieceEngine {
 public:
  // Where a piece's runs lie in the vector they were appended to.
  struct Span {
    std::size_t begin, count;
  };
  // Each piece's runs, in order along its path, appended to `runs`, and its span to
  // `spans`. Pieces: bound = their exact distance, at most the engine's limit
  // (TracebackCapability::max_distance), neither string empty.
  virtual void run(const std::vector<Piece>& pieces, CigarRuns& runs, std::vector<Span>& spans) = 0;
};

// Exported for the tests (tests/test_variants.cpp checks every variant with either
// capability against the CPU reference), each on a device opened for the call:
//
// The breakpoint of a against b that `variant` (with the breakpoint capability) finds,
// with `given` over its defaults, and no bound when max_distance < 0.
LEVCL_API Breakpoint find_breakpoint(const DeviceInfo& device, const std::string& variant, std::string_view a,
                                     std::string_view b, const Params& given, std::int64_t max_distance);
// The CIGAR that `variant` (with the traceback capability) traces for a against b of
// distance `distance` (exact, at most traceback_limit(variant); neither string empty).
LEVCL_API std::string traced_cigar(const DeviceInfo& device, const std::string& variant, std::string_view a,
                                   std::string_view b, std::int64_t distance);
// The largest distance `variant` traces.
LEVCL_API std::int64_t traceback_limit(const std::string& variant);

}  // namespace levcl::detail
