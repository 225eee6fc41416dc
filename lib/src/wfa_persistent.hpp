// The persistent wavefront engine (cl/wfa_persistent.cl): forward and backward wavefronts
// in one launch, meeting in the middle (BiWFA). Besides the distance it finds a breakpoint,
// the cell where the two fronts met, which splits the pair into two halves whose distances
// add up to the whole's: what a linear-memory alignment recurses on (alignment.cpp), many
// pieces per launch.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "registry.hpp"  // OpenDevice declared; no OpenCL header, so that the test can include this

namespace levcl::detail {

struct DeviceStrings;  // device_runtime.hpp

// Cell (i, j) of the DP matrix lies on an optimal path of a against b: the distance of
// a[0, i) and b[0, j) is at most forward_score, that of a[i, m) and b[j, n) at most
// backward_score, and the two add up to the distance (so each holds with equality).
struct Breakpoint {
  std::int64_t distance = -1;  // above the bound: bound + 1, and no cell
  std::int64_t i = 0, j = 0;
  std::int64_t forward_score = 0, backward_score = 0;
};

// A part of a pair: a[a_offset, a_offset + m) against b[b_offset, b_offset + n) of the
// strings a PieceMeetings holds, where no distance above `bound` is wanted.
struct Piece {
  std::int64_t a_offset = 0, m = 0, b_offset = 0, n = 0, bound = 0;
};

// What the launches of a PieceMeetings cost so far.
struct MeetingCosts {
  std::uint64_t cells = 0, launches = 0;
  double kernel_seconds = 0;
  std::uint64_t peak_device_bytes = 0;  // strings and every buffer held at once, at most
};

// The breakpoints of many pieces of two strings held on the device, as few launches as
// device memory allows: each piece gets workgroups of its own, a share of the compute
// units when the pieces are few, one when they are many (then of at most 64 work-items:
// the parameter wg is the widest). The buffers grow as needed and are kept from run to run.
class PieceMeetings {
 public:
  // Pieces of `strings`, which must outlive it; params: the persistent variant's, every one
  // present (resolve_params).
  PieceMeetings(OpenDevice& device, const DeviceStrings& strings, const Params& params);
  ~PieceMeetings();
  PieceMeetings(const PieceMeetings&) = delete;
  PieceMeetings& operator=(const PieceMeetings&) = delete;

  // One breakpoint per piece, in order. Throws out_of_memory when a piece alone does not
  // fit the device, saying what it needs and what the device has.
  std::vector<Breakpoint> run(const std::vector<Piece>& pieces);
  const MeetingCosts& costs() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One pair with the persistent variant's parameters; `result` (when not null) gets cells,
// kernel seconds, launches.
Breakpoint meet_in_the_middle(OpenDevice& device, std::string_view a, std::string_view b, const Params& params,
                              std::int64_t max_distance, Result* result = nullptr);

// The same on a device opened for the call, with `given` over the variant's defaults and
// no bound when max_distance < 0: exported for the tests (tests/test_wfa_persistent.cpp),
// which check the breakpoint against the CPU reference.
LEVCL_API Breakpoint meet_in_the_middle(const DeviceInfo& device, std::string_view a, std::string_view b,
                                        const Params& given, std::int64_t max_distance);

}  // namespace levcl::detail
