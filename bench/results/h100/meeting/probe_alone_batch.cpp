#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <cstdio>
#include <random>
#include "levcl/levcl.hpp"
#include "exactness.hpp"
int main() {
  levcl::Context context;
  std::mt19937_64 rng(31);
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& [length, rate] : std::vector<std::pair<std::size_t, double>>{
           {3000, 0.01}, {3000, 0.4}, {20000, 0.001}, {20000, 0.5}, {500, 0.2}, {60000, 0.002}, {60000, 0.45}}) {
    const std::string a = levcl::test::random_string(rng, length, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, rate, 4)});
  }
  const auto h = [](const std::string& s) { return (unsigned)(std::hash<std::string>()(s) & 0xffffffff); };
  std::vector<levcl::PairView> all;
  for (auto& p : pairs) all.push_back({p.first, p.second});
  for (const char* v : {"auto", "persistent"}) {
    levcl::Options o; o.variant = v;
    auto batch = context.aligns(all, o);
    for (int i = 0; i < 7; ++i) {
      auto alone = context.align(pairs[i].first, pairs[i].second, o);
      std::printf("%s pair %d: alone %08x (%s) batch %08x\n", v, i, h(alone.cigar), alone.variant.c_str(), h(batch.alignments[i].cigar));
    }
  }
}
