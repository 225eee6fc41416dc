// The persistent wavefront engine (cl/wfa_persistent.cl): forward and backward wavefronts
// in one launch, meeting in the middle (BiWFA). Besides the distance it finds a breakpoint,
// the cell where the two fronts met, which splits the pair into two halves whose distances
// add up to the whole's: what a linear-memory alignment recurses on.
#pragma once

#include <cstdint>
#include <string_view>

#include "registry.hpp"  // OpenDevice declared; no OpenCL header, so that the test can include this

namespace levcl::detail {

// Cell (i, j) of the DP matrix lies on an optimal path of a against b: the distance of
// a[0, i) and b[0, j) is at most forward_score, that of a[i, m) and b[j, n) at most
// backward_score, and the two add up to the distance (so each holds with equality).
struct Breakpoint {
  std::int64_t distance = -1;  // above max_distance: max_distance + 1, and no cell
  std::int64_t i = 0, j = 0;
  std::int64_t forward_score = 0, backward_score = 0;
};

// Runs the engine once with the persistent variant's parameters (every one present, as
// resolve_params gives them); `result` (when not null) gets cells, kernel seconds, launches.
Breakpoint meet_in_the_middle(OpenDevice& device, std::string_view a, std::string_view b, const Params& params,
                              std::int64_t max_distance, Result* result = nullptr);

// The same on a device opened for the call, with `given` over the variant's defaults and
// no bound when max_distance < 0: exported for the tests (tests/test_wfa_persistent.cpp),
// which check the breakpoint against the CPU reference.
LEVCL_API Breakpoint meet_in_the_middle(const DeviceInfo& device, std::string_view a, std::string_view b,
                                        const Params& given, std::int64_t max_distance);

}  // namespace levcl::detail
