// lib/src/runtime/streaming_writer.hpp: bytes appended through the staging buffer land where
// a memcpy would put them, whatever the destination's alignment and the appends' sizes, and
// nothing outside their range is written; two writers on neighbouring ranges, whose lines
// they share, from two threads.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "runtime/streaming_writer.hpp"

namespace {

using levcl::detail::StreamingWriter;

constexpr std::uint8_t kGuard = 0xA5;

// Random bytes to append, in pieces of the given sizes.
std::vector<std::uint8_t> random_bytes(std::mt19937_64& rng, std::size_t count) {
  std::vector<std::uint8_t> bytes(count);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
  return bytes;
}

// Appends `bytes` at `at` in pieces of `sizes` (cycled), then finishes.
void append_in_pieces(std::uint8_t* at, const std::vector<std::uint8_t>& bytes, const std::vector<std::size_t>& sizes) {
  StreamingWriter out(at);
  std::size_t done = 0;
  for (std::size_t k = 0; done < bytes.size(); ++k) {
    const std::size_t size = std::min(sizes[k % sizes.size()], bytes.size() - done);
    out.append(bytes.data() + done, size);
    done += size;
  }
}

}  // namespace

TEST_CASE("appended bytes land as a memcpy's would, at any alignment and in pieces of any size") {
  std::mt19937_64 rng(7);
  const std::vector<std::vector<std::size_t>> piece_sizes = {{1}, {3, 150, 2}, {4095, 1, 4097}, {10000}, {16, 0, 17}};
  for (std::size_t start = 0; start < 40; start += 3)
    for (const std::size_t count : {0, 1, 15, 16, 17, 4095, 4096, 4097, 9000, 20000})
      for (const auto& sizes : piece_sizes) {
        CAPTURE(start);
        CAPTURE(count);
        CAPTURE(sizes.front());
        const std::vector<std::uint8_t> bytes = random_bytes(rng, count);
        std::vector<std::uint8_t> memory(start + count + 64, kGuard);
        append_in_pieces(memory.data() + start, bytes, sizes);
        CHECK(std::equal(bytes.begin(), bytes.end(), memory.begin() + static_cast<std::ptrdiff_t>(start)));
        CHECK(std::all_of(memory.begin(), memory.begin() + static_cast<std::ptrdiff_t>(start),
                          [](std::uint8_t b) { return b == kGuard; }));
        CHECK(std::all_of(memory.begin() + static_cast<std::ptrdiff_t>(start + count), memory.end(),
                          [](std::uint8_t b) { return b == kGuard; }));
      }
}

TEST_CASE("two writers on neighbouring ranges from two threads, their boundary inside a line") {
  std::mt19937_64 rng(11);
  for (const std::size_t boundary : {1, 7, 15, 16, 33, 4099}) {
    CAPTURE(boundary);
    const std::vector<std::uint8_t> bytes = random_bytes(rng, 3 * 4096 + boundary);
    std::vector<std::uint8_t> memory(bytes.size() + 64, kGuard);
    const std::vector<std::uint8_t> first(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(boundary));
    const std::vector<std::uint8_t> second(bytes.begin() + static_cast<std::ptrdiff_t>(boundary), bytes.end());
    for (int round = 0; round < 20; ++round) {
      std::thread other([&] { append_in_pieces(memory.data() + 5 + boundary, second, {150, 2}); });
      append_in_pieces(memory.data() + 5, first, {3});
      other.join();
      CHECK(std::equal(bytes.begin(), bytes.end(), memory.begin() + 5));
    }
  }
}
