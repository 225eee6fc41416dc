#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>
using clk = std::chrono::steady_clock;
template <class F> double timed(unsigned threads, F f) {
  std::vector<double> t;
  for (int rep = 0; rep < 7; ++rep) {
    auto s = clk::now();
    std::vector<std::thread> ts;
    for (unsigned k = 0; k < threads; ++k) ts.emplace_back([&, k] { f(k, threads); });
    for (auto& th : ts) th.join();
    t.push_back(std::chrono::duration<double>(clk::now() - s).count() * 1e3);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
int main(int argc, char** argv) {
  const size_t n = 2000000, len = 150;
  std::mt19937_64 rng(1);
  std::vector<std::string> strs;
  strs.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string s(len, 'A');
    for (auto& c : s) c = "ACGT"[rng() & 3];
    strs.push_back(std::move(s));
  }
  std::vector<std::string_view> views(strs.begin(), strs.end());
  const size_t total = n * 152;
  std::vector<char> dst(total + 64, 1), src(total, 2);
  unsigned hw = std::thread::hardware_concurrency();
  std::atomic<size_t> sink{0};
  for (unsigned threads : {1u, 2u, 4u, 8u, hw / 2, hw}) {
    if (threads == 0) continue;
    double gather = timed(threads, [&](unsigned k, unsigned T) {
      size_t a = n * k / T, b = n * (k + 1) / T;
      for (size_t i = a; i < b; ++i) {
        std::memcpy(&dst[i * 152], views[i].data(), views[i].size());
        dst[i * 152 + 150] = dst[i * 152 + 151] = views[i].back();
      }
    });
    double contig = timed(threads, [&](unsigned k, unsigned T) {
      size_t a = total * k / T, b = total * (k + 1) / T;
      std::memcpy(&dst[a], &src[a], b - a);
    });
    double sizes = timed(threads, [&](unsigned k, unsigned T) {
      size_t a = n * k / T, b = n * (k + 1) / T, s = 0;
      for (size_t i = a; i < b; ++i) s += views[i].size();
      sink += s;
    });
    double readall = timed(threads, [&](unsigned k, unsigned T) {
      size_t a = n * k / T, b = n * (k + 1) / T; unsigned long s = 0;
      for (size_t i = a; i < b; ++i) { const unsigned long* p = (const unsigned long*)views[i].data(); for (int j = 0; j < 18; ++j) s += p[j]; }
      sink += s;
    });
    std::printf("threads %2u: gather 2e6x150 -> %6.2f ms (%.1f GB/s), contiguous memcpy 304MB %6.2f ms (%.1f GB/s), sizes pass %5.2f ms, read strings %6.2f ms\n",
                threads, gather, total / gather / 1e6, contig, total / contig / 1e6, sizes, readall);
  }
  return sink == 42;
}
