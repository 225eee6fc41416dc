#include "engines/divergence.hpp"
#include "levcl/levcl.hpp"
#include "levcl/io.hpp"
#include <chrono>
#include <cstdio>
int main(int argc, char** argv) {
  const std::string a = levcl::read_sequence(argv[1]), b = levcl::read_sequence(argv[2]);
  const auto t = std::chrono::steady_clock::now();
  double e = 0;
  for (int r = 0; r < 2000; ++r) e += levcl::detail::DivergenceSample(a, b).estimated_distance();
  printf("%.0f: %.3f ms each\n", e / 2000, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count() / 2000);
}
