// Exactness checks shared by the variant tests: the pairs every device variant must get
// right, and the comparison of a variant with cpu-dp on them.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "levcl/levcl.hpp"
#include "test_support.hpp"

namespace levcl::test {

using Pair = std::pair<std::string, std::string>;

// Empty strings, one byte, equal strings, all 256 byte values, and lengths just around
// the sizes a kernel cares about (workgroup or tile size).
inline std::vector<Pair> edge_cases(const std::vector<std::size_t>& sizes) {
  std::mt19937_64 rng(99);
  std::string all_bytes;
  for (int c = 0; c < 256; ++c) all_bytes.push_back(static_cast<char>(c));
  std::string reversed(all_bytes.rbegin(), all_bytes.rend());
  std::string shuffled = all_bytes;
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  const std::string long_text = random_string(rng, 700, 4);

  std::vector<Pair> cases = {
      {"", ""}, {"", "x"}, {"x", ""}, {"x", "x"}, {"x", "y"}, {"xy", "yx"},
      {std::string(1, '\0'), std::string(1, '\xff')},
      {"", long_text}, {long_text, ""}, {long_text, long_text},
      {long_text, long_text.substr(1)}, {long_text.substr(0, 699), long_text},
      {all_bytes, all_bytes}, {all_bytes, reversed}, {all_bytes, shuffled},
      {std::string(300, 'a'), std::string(300, 'b')},   // nothing matches
      {std::string(300, 'a'), std::string(150, 'a')},   // all matches, unequal lengths
  };
  for (std::size_t s : sizes)
    for (std::size_t len : {s - 1, s, s + 1}) {
      const std::string a = random_string(rng, len, 4);
      cases.push_back({a, mutate(rng, a, 0.1, 4)});
      cases.push_back({a, random_string(rng, s, 4)});
      cases.push_back({random_string(rng, len, 256), random_string(rng, 2 * s + 1, 256)});
    }
  return cases;
}

// Random pairs of many lengths and similarities.
inline std::vector<Pair> random_pairs(std::size_t count, std::size_t max_length, unsigned seed) {
  std::mt19937_64 rng(seed);
  const int alphabets[] = {2, 4, 20, 256};
  const double rates[] = {0.0, 0.01, 0.1, 0.3, 0.6};
  std::vector<Pair> pairs;
  for (std::size_t i = 0; i < count; ++i) {
    const int alphabet = alphabets[i % 4];
    const std::string a = random_string(rng, rng() % (max_length + 1), alphabet);
    pairs.push_back(i % 6 == 5 ? Pair{a, random_string(rng, rng() % (max_length + 1), alphabet)}
                               : Pair{a, mutate(rng, a, rates[i % 5], alphabet)});
  }
  return pairs;
}

// Checks `variant` with `params` against cpu-dp on every pair (and `also`, when given,
// on each result); returns how many pairs were checked.
inline int check_against_dp(levcl::Context& context, const std::vector<Pair>& pairs, const std::string& variant,
                            const levcl::Params& params,
                            const std::function<void(const Pair&, const levcl::Result&)>& also = {}) {
  int checked = 0;
  for (const auto& pair : pairs) {
    const auto expected = context.distance(pair.first, pair.second, "cpu-dp").distance;
    const auto got = context.distance(pair.first, pair.second, variant, params);
    CAPTURE(variant);
    CAPTURE(pair.first.size());
    CAPTURE(pair.second.size());
    for (const auto& [key, value] : params) CAPTURE(key + "=" + std::to_string(value));
    REQUIRE(got.distance == expected);
    if (also) also(pair, got);
    ++checked;
  }
  return checked;
}

}  // namespace levcl::test
