#include "levcl/synthetic.hpp"

#include <algorithm>

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

StringPair mosaic_pair(std::size_t length, double similarity, std::uint64_t seed, const std::string& alphabet) {
  std::mt19937_64 rng(seed);
  StringPair p;
  p.a = random_string(rng, length, alphabet);
  // A's segments in order, each mutated at a rate around 1 - similarity (log-normal, mean
  // one, kept within 0.1% and 30%), some followed by an indel.
  const std::size_t shortest = std::max<std::size_t>(1, length / 64), longest = std::max(shortest, length / 16);
  std::uniform_int_distribution<std::size_t> segment_length(shortest, longest);
  std::lognormal_distribution<double> spread(-0.5, 1.0);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::uniform_int_distribution<std::size_t> indel_length(1000, 10000);
  const double rate = 1.0 - similarity;
  for (std::size_t at = 0; at < length;) {
    const std::size_t end = std::min(length, at + segment_length(rng));
    const double segment_rate = rate <= 0 ? 0.0 : std::clamp(rate * spread(rng), 0.001, 0.3);
    std::size_t kept = end - at;
    const bool indel = coin(rng) < 1.0 / 8, insertion = coin(rng) < 0.5;
    const std::size_t indel_size = std::min(indel_length(rng), kept / 4);
    if (indel && !insertion) kept -= indel_size;
    p.b += mutate(rng, p.a.substr(at, kept), segment_rate, alphabet);
    if (indel && insertion) p.b += random_string(rng, indel_size, alphabet);
    at = end;
  }
  // A block of 0.5 to 1% of B moved elsewhere in it.
  const std::size_t block = std::uniform_int_distribution<std::size_t>(p.b.size() / 200, p.b.size() / 100)(rng);
  if (block > 0) {
    const std::size_t from = std::uniform_int_distribution<std::size_t>(0, p.b.size() - block)(rng);
    const std::string moved = p.b.substr(from, block);
    p.b.erase(from, block);
    p.b.insert(std::uniform_int_distribution<std::size_t>(0, p.b.size())(rng), moved);
  }
  return p;
}

}  // namespace levcl
