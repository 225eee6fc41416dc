// Seeded synthetic pairs: a random string and a mutated copy (B = A with substitutions,
// insertions and deletions in equal thirds, as in ../shared/data/README.md). levcl-tune
// tunes on them, levcl-bench sweeps them, and the tests draw their random pairs with them
// (tests/test_support.hpp).
#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace levcl::tools {

// A uniform random string of `length` bytes drawn from `alphabet`.
inline std::string random_string(std::mt19937_64& rng, std::size_t length, const std::string& alphabet) {
  std::uniform_int_distribution<std::size_t> symbol(0, alphabet.size() - 1);
  std::string s(length, '\0');
  for (auto& c : s) c = alphabet[symbol(rng)];
  return s;
}

// a with independent substitutions, insertions and deletions (equal thirds) at `rate`;
// inserted and substituted symbols are drawn from `alphabet`.
inline std::string mutate(std::mt19937_64& rng, const std::string& a, double rate, const std::string& alphabet) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::uniform_int_distribution<std::size_t> symbol(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> kind(0, 2);
  std::string b;
  b.reserve(a.size() + a.size() / 4 + 1);
  for (char c : a) {
    if (coin(rng) >= rate) { b.push_back(c); continue; }
    switch (kind(rng)) {
      case 0: b.push_back(alphabet[symbol(rng)]); break;                     // substitution
      case 1: b.push_back(alphabet[symbol(rng)]); b.push_back(c); break;     // insertion
      default: break;                                                        // deletion
    }
  }
  return b;
}

// Two strings to compare (levcl-bench also holds pairs read from files in it).
struct StringPair {
  std::string a, b;
};

// The pair of one synthetic workload: A over the alphabet, B = A mutated at rate
// 1 - similarity. The same seed and length give the same A at every similarity.
inline StringPair synthetic_pair(std::size_t length, double similarity, std::uint64_t seed,
                                 const std::string& alphabet = "ACGT") {
  std::mt19937_64 rng(seed);
  StringPair p;
  p.a = random_string(rng, length, alphabet);
  p.b = mutate(rng, p.a, 1.0 - similarity, alphabet);
  return p;
}

}  // namespace levcl::tools
