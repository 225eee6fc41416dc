#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <cstdio>
#include <random>
#include "levcl/levcl.hpp"
#include "exactness.hpp"
// Is a bitpar alignment the same run after run, alone and in a batch, whatever the bus ring?
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
  for (const char* variant : {"auto", "persistent", "bitpar"})
    for (int slots : {0, 1, 8}) {
      levcl::Options o; o.variant = variant; if (std::string(variant) == "bitpar") o.params["slots"] = slots;
      std::vector<levcl::PairView> all;
      for (auto& p : pairs) all.push_back({p.first, p.second});
      for (int rep = 0; rep < 3; ++rep) {
        auto alone = context.align(pairs[3].first, pairs[3].second, o);
        auto batch = context.aligns(all, o);
        std::printf("%s slots=%d rep %d: pair 3 alone %08x (%s), in batch %08x (%s); pair 6 in batch %08x, pair 1 %08x\n", variant, slots, rep,
                    h(alone.cigar), alone.variant.c_str(), h(batch.alignments[3].cigar), batch.variant.c_str(), h(batch.alignments[6].cigar), h(batch.alignments[1].cigar));
      }
      if (std::string(variant) != "bitpar") break;
    }
}
