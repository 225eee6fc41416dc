// The CPU references' wavefront loop, which the estimate of a pair's distance
// (engines/divergence.hpp) runs on samples of it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace levcl::detail {

class Cancellation;

// cpu-wfa's loop alone: the distance, or nothing once it is known to exceed max_distance
// (radii past it are never computed); adds the cells computed to *cells when given.
std::optional<std::int64_t> cpu_wfa_distance(std::string_view a, std::string_view b, std::int64_t max_distance,
                                             std::uint64_t* cells = nullptr, const Cancellation* cancel = nullptr);

}  // namespace levcl::detail
