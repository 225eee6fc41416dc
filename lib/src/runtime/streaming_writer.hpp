// Bytes written in order to memory the host will not read again (pinned memory a device
// copies from), through a small staging buffer that leaves by streaming stores where the
// processor has them (x86-64's SSE2): a plain store first reads each destination line, a
// third of a gather's memory traffic. On the H100 host (bench/results/h100/session50): a
// probe gathering 2·10^6 strings of 150 bytes on 16 threads 8.1 -> 5.4 ms; 10^6 pairs of
// 150 bp as bytes end to end 30 -> 26 ms. Bases, a quarter of the bytes, lost by them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace levcl::detail {

class StreamingWriter {
 public:
  // Bytes go to at, at + 1, ...; the lines around them may be written by other threads.
  explicit StreamingWriter(std::uint8_t* at) : at_(at) {}
  StreamingWriter(const StreamingWriter&) = delete;
  StreamingWriter& operator=(const StreamingWriter&) = delete;
  ~StreamingWriter() { finish(); }

  void append(const void* bytes, std::size_t count) {
    const auto* from = static_cast<const std::uint8_t*>(bytes);
#if defined(__x86_64__)
    // Up to the first 16-byte boundary, as plain stores: a streamed block is wholly ours.
    if (fill_ == 0 && reinterpret_cast<std::uintptr_t>(at_) % 16 != 0) {
      const std::size_t head = std::min<std::size_t>(count, 16 - reinterpret_cast<std::uintptr_t>(at_) % 16);
      std::memcpy(at_, from, head);
      at_ += head, from += head, count -= head;
    }
    while (count > 0) {
      const std::size_t taken = std::min(count, sizeof(stage_) - fill_);
      std::memcpy(stage_ + fill_, from, taken);
      fill_ += taken, from += taken, count -= taken;
      if (fill_ == sizeof(stage_)) {
        for (std::size_t k = 0; k < sizeof(stage_); k += 16)
          _mm_stream_si128(reinterpret_cast<__m128i*>(at_ + k), _mm_load_si128(reinterpret_cast<const __m128i*>(stage_ + k)));
        at_ += sizeof(stage_);
        fill_ = 0;
      }
    }
#else
    std::memcpy(at_, from, count);
    at_ += count;
#endif
  }

  // Every byte appended in memory, seen by whoever reads it next (a copy queued after this).
  void finish() {
#if defined(__x86_64__)
    std::memcpy(at_, stage_, fill_);
    at_ += fill_;
    fill_ = 0;
    _mm_sfence();
#endif
  }

 private:
  std::uint8_t* at_;
#if defined(__x86_64__)
  alignas(64) std::uint8_t stage_[4096];
  std::size_t fill_ = 0;
#endif
};

}  // namespace levcl::detail
