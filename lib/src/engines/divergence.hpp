// How far apart a pair's strings look, from samples of them: what auto, the wavefront
// kernels' choice of extension and bitpar's first band judge a pair by before computing it.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "levcl/export.h"

namespace levcl::detail {

// Seeds: substrings of kSeed bytes of one string looked up in the other. 12 bytes: a random
// match in 32 kbp of DNA has odds of 0.2%.
constexpr std::size_t kSeed = 12;
// The first place of a seed (kSeed bytes) in hay[0, size), or null.
const char* find_seed(const char* hay, std::size_t size, const char* seed);

// What the windows of a sample found: their mean edit distance per byte, and how far, in
// bytes, consecutive seeded windows lay off each other's diagonal (indels of kilobases and
// moved blocks, which no window holds).
struct Sampled {
  double mean = 0;
  double jumps = 0;
};

// A pair's sample, taken at most once, the first time it is asked for, and shared by
// whatever reads it during one call (auto's estimate, a family's first band or its choice of
// extension): the edit distance per byte of windows spread over the whole of a (64 of 256
// bytes, fewer when a is short), each against the part of b it matches best near its place
// on the diagonal, moved by the drift the windows before it found: a pair alike only at its
// start, or with regions of other divergence, shows in the mean, and large indels in the
// jumps. Costs about 64 x 4 x 400 block steps of Myers' bit vectors on a similar pair,
// 64 x 4 x 800 on a divergent one, whose windows no seed placed are compared on the host's
// threads: 0.2 to 2 ms.
class LEVCL_API DivergenceSample {  // exported for the tests
 public:
  DivergenceSample(std::string_view a, std::string_view b) : a_(a), b_(b) {}
  std::string_view a() const { return a_; }
  std::string_view b() const { return b_; }

  // The mean when it is at most max_fraction; nothing when it is more, or when a string
  // has fewer than 64 bytes.
  std::optional<double> divergence(double max_fraction) const;

  // An estimate of the pair's distance: the divergence over the longer length plus the
  // jumps, at least the length difference; a third of the longer length where a string is
  // too short to sample. Divergent pairs too: the bit-parallel engines' band is this with
  // 15% to spare (real genomes 47-54% apart sample at 0.46-0.50 a byte, up to 8.5% below).
  double estimated_distance() const;

  // The pair's anchored bound (anchored_bound.hpp): an upper bound of its distance that no
  // region, indel or moved block misleads, computed at most once, the first time it is
  // asked for (milliseconds on the host's threads for a pair of megabases).
  std::int64_t anchored_bound() const;

 private:
  std::string_view a_, b_;
  mutable bool taken_ = false;
  mutable std::optional<Sampled> sampled_;  // once taken: nothing for strings too short to tell
  mutable std::optional<std::int64_t> bound_;
};

// Where an estimate leaves a pair's band at most this fraction of its longer length, its
// engines read its anchored bound as well: bitpar's first band, auto's plan (an estimate
// this high, from divergent windows, may be a region's or a moved block's; divergent pairs'
// bands are about half their matrix either way).
constexpr double kAnchoredFraction = 0.35;

}  // namespace levcl::detail
