#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>
#include "engines/symbol_counts.hpp"
int main() {
  std::mt19937_64 rng(1);
  std::vector<std::string> own(418);
  for (auto& s : own) { s.resize(29800); for (auto& c : s) c = "ACGTN"[rng() % 5]; }
  std::vector<std::string_view> v(own.begin(), own.end());
  for (int t : {1, 4, 16}) for (int r = 0; r < 3; ++r) {
    auto a = std::chrono::steady_clock::now();
    levcl::detail::SymbolCounts c(v, t);
    auto b = std::chrono::steady_clock::now();
    long sum = 0;
    for (unsigned i = 0; i < 418; ++i) for (unsigned j = i + 1; j < 418; ++j) sum += c.least_distance(i, j);
    auto e = std::chrono::steady_clock::now();
    std::printf("threads %d: counts %.2f ms, pairs %.2f ms (%ld)\n", t, std::chrono::duration<double, std::milli>(b - a).count(),
                std::chrono::duration<double, std::milli>(e - b).count(), sum);
  }
}
