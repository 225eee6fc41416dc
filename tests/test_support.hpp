// Shared helpers for the tests: seeded random pairs over the first bytes, drawn with the
// library's synthetic-pair generator (levcl/synthetic.hpp).
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "levcl/synthetic.hpp"

namespace levcl::test {

// The first `alphabet` byte values (alphabet 256 includes byte 0).
inline std::string first_bytes(int alphabet) {
  std::string symbols;
  for (int c = 0; c < alphabet; ++c) symbols.push_back(static_cast<char>(c));
  return symbols;
}

// A uniform random string of `length` bytes over the first `alphabet` byte values.
inline std::string random_string(std::mt19937_64& rng, std::size_t length, int alphabet) {
  return levcl::random_string(rng, length, first_bytes(alphabet));
}

// a with independent substitutions, insertions and deletions (equal thirds) at `rate`,
// over the first `alphabet` byte values.
inline std::string mutate(std::mt19937_64& rng, const std::string& a, double rate, int alphabet) {
  return levcl::mutate(rng, a, rate, first_bytes(alphabet));
}

}  // namespace levcl::test
