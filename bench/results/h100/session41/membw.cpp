// Built with: g++ -O3 -std=c++17 -pthread membw.cpp -o membw (session 41, call 2: call2/membw.txt).
// Host memory probe: what 1-16 threads read and copy, of 2*10^6 strings of 150 bytes (one
// heap allocation each, as a caller's) and of one contiguous 300 MB buffer.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>
using Clock = std::chrono::steady_clock;
template <class F> double best(unsigned threads, std::size_t n, F f) {
  double b = 1e9;
  for (int rep = 0; rep < 5; ++rep) {
    auto t = Clock::now();
    std::vector<std::thread> ts;
    for (unsigned k = 0; k < threads; ++k) ts.emplace_back([&, k] { f(n * k / threads, n * (k + 1) / threads); });
    for (auto& x : ts) x.join();
    b = std::min(b, std::chrono::duration<double>(Clock::now() - t).count());
  }
  return b;
}
int main() {
  const std::size_t count = 2000000, len = 150;
  std::vector<std::string> s(count);
  for (std::size_t i = 0; i < count; ++i) s[i].assign(len, "ACGT"[i & 3]);
  std::vector<char> flat(count * len, 'A'), dst(count * len + 64, 0);
  std::vector<std::uint64_t> sink(64 * 17);
  const double mb = count * len / 1e6;
  for (unsigned threads : {1u, 2u, 4u, 8u, 16u}) {
    const double read_strings = best(threads, count, [&](std::size_t a, std::size_t b) {
      std::uint64_t acc = 0;
      for (std::size_t i = a; i < b; ++i) { const char* p = s[i].data(); for (std::size_t j = 0; j + 8 <= len; j += 8) { std::uint64_t w; std::memcpy(&w, p + j, 8); acc ^= w; } }
      sink[64 * (a * 16 / count)] = acc;
    });
    const double copy_strings = best(threads, count, [&](std::size_t a, std::size_t b) {
      for (std::size_t i = a; i < b; ++i) std::memcpy(dst.data() + i * len, s[i].data(), len);
    });
    const double read_flat = best(threads, count * len / 8, [&](std::size_t a, std::size_t b) {
      std::uint64_t acc = 0;
      for (std::size_t i = a; i < b; ++i) { std::uint64_t w; std::memcpy(&w, flat.data() + 8 * i, 8); acc ^= w; }
      sink[64 * (a * 16 / (count * len / 8))] = acc;
    });
    const double copy_flat = best(threads, count, [&](std::size_t a, std::size_t b) {
      std::memcpy(dst.data() + a * len, flat.data() + a * len, (b - a) * len);
    });
    std::printf("%2u threads: read strings %5.1f GB/s (%.1f ms), copy strings %5.1f GB/s (%.1f ms), read flat %5.1f GB/s, copy flat %5.1f GB/s\n",
                threads, mb / read_strings / 1e3, read_strings * 1e3, mb / copy_strings / 1e3, copy_strings * 1e3,
                mb / read_flat / 1e3, mb / copy_flat / 1e3);
  }
  return sink[0] == 42;
}
