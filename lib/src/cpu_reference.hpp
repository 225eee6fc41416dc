// The CPU references' wavefront loop, and the estimate of a pair's divergence from a
// sample of it, which the device families and "auto" judge the strings by.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace levcl::detail {

// cpu-wfa's loop alone: the distance, or nothing once it is known to exceed max_distance
// (radii past it are never computed); adds the cells computed to *cells when given.
std::optional<std::int64_t> cpu_wfa_distance(std::string_view a, std::string_view b, std::int64_t max_distance,
                                             std::uint64_t* cells = nullptr);

// The edit distance of the first 1024 bytes of a and b (fewer when a string is shorter)
// per byte of that sample, when it is at most max_fraction; nothing when it is more, or
// when a string has fewer than 64 bytes. The sample costs at most (1024 max_fraction)^2
// cells of cpu-wfa.
std::optional<double> sampled_divergence(std::string_view a, std::string_view b, double max_fraction);

}  // namespace levcl::detail
