// How far apart a pair's strings look, from samples of them: what auto, the wavefront
// kernels' choice of extension and bitpar's first band judge a pair by before computing it.
#pragma once

#include <optional>
#include <string_view>

namespace levcl::detail {

// The edit distance of the first 1024 bytes of a and b (fewer when a string is shorter)
// per byte of that sample, when it is at most max_fraction; nothing when it is more, or
// when a string has fewer than 64 bytes. The sample costs at most (1024 max_fraction)^2
// cells of cpu-wfa.
std::optional<double> sampled_divergence(std::string_view a, std::string_view b, double max_fraction);

// An estimate of the pair's distance: the sample's divergence over the longer length, at
// least the length difference. A sample over a third divergent says only that much (then
// the matrix engines win anyway: a third of the length squared is wavefront work for a
// third of the matrix at rates dozens of times lower).
double estimated_distance(std::string_view a, std::string_view b);

}  // namespace levcl::detail
