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
  double median = 0, spread = 0;  // the windows' median, and the range of their middle half
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
  // What the windows found (nothing where a string is too short to sample).
  const std::optional<Sampled>& sampled() const;

  // An estimate of the pair's distance: the divergence over the longer length plus the
  // jumps, at least the length difference; a third of the longer length where a string is
  // too short to sample. Divergent pairs too: the bit-parallel engines' band is this with
  // 15% to spare (real genomes 47-54% apart sample at 0.46-0.50 a byte, up to 8.5% below).
  double estimated_distance() const;

  // The pair's anchored bound (anchored_bound.hpp): an upper bound of its distance that no
  // region, indel or moved block misleads, computed at most once, the first time it is
  // asked for (6-16 ms on the H100 host's 16 threads for a pair of 3 Mbp).
  std::int64_t anchored_bound() const;
  // The sample, and where the pair is short enough for the bound to cost next to nothing
  // (kCheaplyAnchored bytes), the bound too, each on its own thread: auto reads both of a
  // short pair that is not near-identical, one after the other (the HIV-1 pair on the H200's
  // host: 0.2 and 0.13 ms).
  void take_with_cheap_bound() const;
  // Whether the anchored bound is worth its cost beside the estimate: the estimate leaves
  // the band at most kAnchoredFraction of the longer length, and the windows are uneven, as
  // regions of other divergence, indels of kilobases and moved blocks make a real pair's
  // (the middle half of their distances spread over more than kSpread times their median,
  // their mean more than kAbove times it, or jumps above kJumps of the length; an estimate
  // from windows whose drift was lost, mostly unrelated, may be one of those: mosaic pairs at
  // 80% sampled at 0.36), or the pair is short enough for the bound to cost
  // next to nothing (kCheaplyAnchored bytes). An evenly mutated pair's windows spread by a
  // few edits: there the bound cost more than the band it saved (3 Mbp at 93%, the H100:
  // 0.128 -> 0.133 s).
  bool anchoring_pays() const;

 private:
  std::string_view a_, b_;
  mutable bool taken_ = false;
  mutable std::optional<Sampled> sampled_;  // once taken: nothing for strings too short to tell
  mutable std::optional<std::int64_t> bound_;
};

// DivergenceSample::anchoring_pays's limits. An estimate above kAnchoredFraction of the
// longer length: real divergent genomes' (0.46-0.50 a byte), whose bands are about half
// their matrix either way. Evenly mutated pairs' windows (256 bytes) spread by about a
// quarter of their median and their mean lies near it, give or take a few edits
// (kFewEdits) at high similarity; their jumps come to a few windows (kFewJumps).
constexpr double kAnchoredFraction = 0.4, kSpread = 0.5, kAbove = 1.3, kFewEdits = 0.02, kJumps = 0.002;
constexpr double kFewJumps = 2048;
constexpr std::int64_t kCheaplyAnchored = 65536;

}  // namespace levcl::detail
