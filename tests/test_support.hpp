// Shared helpers for the tests: seeded random pairs like the benchmark's synthetic ones.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

namespace levcl::test {

// A uniform random string of `length` bytes over the first `alphabet` byte values
// (alphabet 256 includes byte 0).
inline std::string random_string(std::mt19937_64& rng, std::size_t length, int alphabet) {
  std::uniform_int_distribution<int> symbol(0, alphabet - 1);
  std::string s(length, '\0');
  for (auto& c : s) c = static_cast<char>(symbol(rng));
  return s;
}

// a with independent substitutions, insertions and deletions (equal thirds) at `rate`.
inline std::string mutate(std::mt19937_64& rng, const std::string& a, double rate, int alphabet) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::uniform_int_distribution<int> symbol(0, alphabet - 1);
  std::uniform_int_distribution<int> kind(0, 2);
  std::string b;
  b.reserve(a.size() + a.size() / 4 + 1);
  for (char c : a) {
    if (coin(rng) >= rate) { b.push_back(c); continue; }
    switch (kind(rng)) {
      case 0: b.push_back(static_cast<char>(symbol(rng))); break;       // substitution
      case 1: b.push_back(static_cast<char>(symbol(rng))); b.push_back(c); break;  // insertion
      default: break;                                                    // deletion
    }
  }
  return b;
}

// A data folder: the environment variable `name` when set (to run the test binaries on
// another machine, such as a GPU host), else the folder compiled in.
inline std::string data_dir(const char* name, const char* compiled) {
  const char* value = std::getenv(name);
  return value && *value ? value : compiled;
}

}  // namespace levcl::test
