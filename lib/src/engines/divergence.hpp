// How far apart a pair's strings look, from samples of them: what auto, the wavefront
// kernels' choice of extension and bitpar's first band judge a pair by before computing it.
#pragma once

#include <optional>
#include <string_view>

namespace levcl::detail {

// The edit distance per byte of windows spread over the whole of a (16 of 256 bytes, fewer
// when a is short), each against the part of b it matches best near its place on the
// diagonal (allowing for the lengths' difference): a pair alike only at its start, or with
// regions of other divergence, shows in the mean. Returns the mean when it is at most
// max_fraction; nothing when it is more, or when a string has fewer than 64 bytes. Costs
// about 16 x 4 x 9,000 block steps of Myers' bit vectors at most, well under a millisecond.
std::optional<double> sampled_divergence(std::string_view a, std::string_view b, double max_fraction);

// An estimate of the pair's distance: the sample's divergence over the longer length, at
// least the length difference. A sample over a third divergent says only that much (then
// the matrix engines win anyway: a third of the length squared is wavefront work for a
// third of the matrix at rates dozens of times lower).
double estimated_distance(std::string_view a, std::string_view b);

}  // namespace levcl::detail
