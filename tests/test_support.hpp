// Shared helpers for the tests: seeded random pairs like the benchmark's synthetic ones.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

#include "synthetic_pair.hpp"

namespace levcl::test {

// The first `alphabet` byte values (alphabet 256 includes byte 0).
inline std::string first_bytes(int alphabet) {
  std::string symbols;
  for (int c = 0; c < alphabet; ++c) symbols.push_back(static_cast<char>(c));
  return symbols;
}

// A uniform random string of `length` bytes over the first `alphabet` byte values.
inline std::string random_string(std::mt19937_64& rng, std::size_t length, int alphabet) {
  return tools::random_string(rng, length, first_bytes(alphabet));
}

// a with independent substitutions, insertions and deletions (equal thirds) at `rate`:
// levcl-tune's generator, over the first `alphabet` byte values.
inline std::string mutate(std::mt19937_64& rng, const std::string& a, double rate, int alphabet) {
  return tools::mutate(rng, a, rate, first_bytes(alphabet));
}

// A data folder: the environment variable `name` when set (to run the test binaries on
// another machine, such as a GPU host), else the folder compiled in.
inline std::string data_dir(const char* name, const char* compiled) {
  const char* value = std::getenv(name);
  return value && *value ? value : compiled;
}

}  // namespace levcl::test
