#include "levcl/synthetic.hpp"

namespace levcl {

std::string random_string(std::mt19937_64& rng, std::size_t length, const std::string& alphabet) {
  std::uniform_int_distribution<std::size_t> symbol(0, alphabet.size() - 1);
  std::string s(length, '\0');
  for (auto& c : s) c = alphabet[symbol(rng)];
  return s;
}

std::string mutate(std::mt19937_64& rng, const std::string& a, double rate, const std::string& alphabet) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::uniform_int_distribution<std::size_t> symbol(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> kind(0, 2);
  std::string b;
  b.reserve(a.size() + a.size() / 4 + 1);
  for (char c : a) {
    if (coin(rng) >= rate) {
      b.push_back(c);
      continue;
    }
    switch (kind(rng)) {
      case 0: b.push_back(alphabet[symbol(rng)]); break;                  // substitution
      case 1: b.push_back(alphabet[symbol(rng)]); b.push_back(c); break;  // insertion
      default: break;                                                     // deletion
    }
  }
  return b;
}

StringPair synthetic_pair(std::size_t length, double similarity, std::uint64_t seed, const std::string& alphabet) {
  std::mt19937_64 rng(seed);
  StringPair p;
  p.a = random_string(rng, length, alphabet);
  p.b = mutate(rng, p.a, 1.0 - similarity, alphabet);
  return p;
}

}  // namespace levcl
