// The two CPU references agree with each other and with hand-checked distances.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cmath>

#include "levcl/levcl.hpp"
#include "test_support.hpp"

namespace {

std::int64_t distance(levcl::Context& context, const std::string& a, const std::string& b, const char* variant) {
  return context.distance(a, b, variant).distance;
}

}  // namespace

TEST_CASE("references give known distances") {
  levcl::Context context;
  struct Case { std::string a, b; std::int64_t distance; };
  const Case cases[] = {
      {"", "", 0},           {"", "abc", 3},          {"abc", "", 3},
      {"a", "a", 0},         {"a", "b", 1},           {"kitten", "sitting", 3},
      {"flaw", "lawn", 2},   {"intention", "execution", 5},
      {"CACCTGACTTA", "ACCATGGACTG", 5},  // the paper's Fig. 2 example
      {std::string("a\0b", 3), std::string("a\0c", 3), 1},
      {"abcdef", "fedcba", 6},
  };
  for (const auto& c : cases)
    for (const char* variant : {"cpu-dp", "cpu-wfa"}) {
      CAPTURE(c.a);
      CAPTURE(c.b);
      CAPTURE(variant);
      CHECK(distance(context, c.a, c.b, variant) == c.distance);
    }
}

TEST_CASE("cpu-dp and cpu-wfa agree on thousands of random pairs") {
  levcl::Context context;
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<double> log_length(0.0, std::log(3001.0));
  std::uniform_real_distribution<double> rate(0.0, 0.6);
  const int alphabets[] = {2, 4, 20, 256};
  int checked = 0;
  for (int i = 0; i < 2400; ++i) {
    const int alphabet = alphabets[i % 4];
    const auto length = static_cast<std::size_t>(std::exp(log_length(rng)) - 1.0);
    const std::string a = levcl::test::random_string(rng, length, alphabet);
    // Every fourth pair is unrelated strings of independent lengths; the rest are mutated copies.
    const std::string b = i % 4 == 3 ? levcl::test::random_string(rng, static_cast<std::size_t>(std::exp(log_length(rng)) - 1.0), alphabet)
                                     : levcl::test::mutate(rng, a, rate(rng), alphabet);
    const auto dp = context.distance(a, b, "cpu-dp");
    const auto wfa = context.distance(a, b, "cpu-wfa");
    CAPTURE(i);
    CAPTURE(a.size());
    CAPTURE(b.size());
    REQUIRE(dp.distance == wfa.distance);
    CHECK(dp.costs.cells == a.size() * b.size());
    ++checked;
  }
  CHECK(checked == 2400);
}

TEST_CASE("distance is symmetric and bounded") {
  levcl::Context context;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const std::string a = levcl::test::random_string(rng, rng() % 300, 4);
    const std::string b = levcl::test::random_string(rng, rng() % 300, 4);
    const auto ab = distance(context, a, b, "cpu-wfa");
    CHECK(ab == distance(context, b, a, "cpu-wfa"));
    CHECK(ab >= static_cast<std::int64_t>(std::max(a.size(), b.size()) - std::min(a.size(), b.size())));
    CHECK(ab <= static_cast<std::int64_t>(std::max(a.size(), b.size())));
  }
}
