// Seeded synthetic pairs: a random string and a mutated copy (B = A with substitutions,
// insertions and deletions in equal thirds, as ../shared/data/README.md describes).
// levcl-tune tunes on them, levcl-bench sweeps them, and the tests draw their random pairs
// with them. The same seed gives the same strings with the same standard library.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "levcl/export.h"

namespace levcl {

// A uniform random string of `length` bytes drawn from `alphabet` (not empty).
LEVCL_API std::string random_string(std::mt19937_64& rng, std::size_t length, const std::string& alphabet);

// a with independent substitutions, insertions and deletions (equal thirds) at `rate`;
// inserted and substituted symbols are drawn from `alphabet`.
LEVCL_API std::string mutate(std::mt19937_64& rng, const std::string& a, double rate, const std::string& alphabet);

// Two strings to compare.
struct StringPair {
  std::string a, b;
};

// A over the alphabet, B = A mutated at rate 1 - similarity. The same seed and length give
// the same A at every similarity.
LEVCL_API StringPair synthetic_pair(std::size_t length, double similarity, std::uint64_t seed,
                                    const std::string& alphabet = "ACGT");

// A pair that imitates two related genomes rather than evenly spread edits, as auto's
// estimate and the banded engines meet them in real assemblies: A cut into segments of
// 1/64 to 1/16 of its length, each mutated at its own rate (similarities of about 70 to
// 99.9%, log-normally spread around 1 - similarity), an insertion or deletion of 1 to
// 10 kbp (at most a quarter of its segment) after about one segment in eight, and a block
// of 0.5 to 1% of B moved elsewhere in it. The similarity is nominal: the edits' share comes out near
// 1 - similarity, the indels and the moved block add to it.
LEVCL_API StringPair mosaic_pair(std::size_t length, double similarity, std::uint64_t seed,
                                 const std::string& alphabet = "ACGT");

}  // namespace levcl
