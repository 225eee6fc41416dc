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

}  // namespace levcl
