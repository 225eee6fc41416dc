#include "runtime/bases.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "cl/bases.h"
#include "runtime/cpu_features.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

static_assert(BASES_PER_BYTE == 4, "four 2-bit bases to a byte");
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "a word's first letter in its low byte");

constexpr std::uint64_t kEach = 0x0101010101010101ull;  // a byte's value in each of eight

// Eight letters' codes (bits 1 and 2 of each byte: A 0, C 1, T 2, G 3) into two bytes of
// bases, eight at a time (a byte at a time ran at 1 GB/s on one thread, under the host's
// copy); `other` gets a bit wherever a byte is not the letter of its code.
std::uint16_t pack_word(std::uint64_t letters, std::uint64_t& other) {
  const std::uint64_t codes = letters >> 1 & 3 * kEach;
  // The letter of each code: 0x41 | code << 1 gives A, C, E, G; T is E + 0x0F.
  const std::uint64_t is_t = (codes >> 1 & ~codes) & kEach;
  other |= letters ^ (((codes << 1) | 0x41 * kEach) + is_t * 0x0F);
  // Each 32-bit half's four codes into its low byte.
  std::uint64_t joined = codes | codes >> 6;
  joined |= joined >> 12;
  return static_cast<std::uint16_t>((joined & 0xFF) | (joined >> 24 & 0xFF00));
}

std::uint64_t load_word(const char* bytes) {
  std::uint64_t word;
  std::memcpy(&word, bytes, 8);
  return word;
}

#if defined(__x86_64__)
// Bases of bytes[0 .. 32 * words - 1] into out[0 .. 8 * words - 1], 32 letters at a time
// (the eight-at-a-time words ran under the host's copy of the same bytes on the H100 host);
// false where a byte is not the letter of its code.
__attribute__((target("avx2"))) bool pack_avx2(const char* bytes, std::size_t words, std::uint8_t* out) {
  const __m256i letters_of = _mm256_setr_epi8('A', 'C', 'T', 'G', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  //
                                              'A', 'C', 'T', 'G', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i three = _mm256_set1_epi8(3);
  const __m256i by_four = _mm256_set1_epi16(0x0401);   // a pair of codes: low + 4 * high
  const __m256i by_sixteen = _mm256_set1_epi32(0x00100001);  // a pair of those: low + 16 * high
  // Each 32-bit lane's byte into the low four bytes of its 128-bit half.
  const __m256i low_bytes = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,  //
                                             0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  for (std::size_t w = 0; w < words; ++w) {
    const __m256i letters = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bytes + 32 * w));
    const __m256i codes = _mm256_and_si256(_mm256_srli_epi16(letters, 1), three);
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(letters_of, codes), letters)) != -1) return false;
    const __m256i quads = _mm256_madd_epi16(_mm256_maddubs_epi16(codes, by_four), by_sixteen);
    const __m256i packed = _mm256_shuffle_epi8(quads, low_bytes);
    const std::uint32_t lo = static_cast<std::uint32_t>(_mm256_extract_epi32(packed, 0));
    const std::uint32_t hi = static_cast<std::uint32_t>(_mm256_extract_epi32(packed, 4));
    std::memcpy(out + 8 * w, &lo, 4);
    std::memcpy(out + 8 * w + 4, &hi, 4);
  }
  return true;
}
#endif

}  // namespace

bool pack_bases(std::string_view text, std::uint8_t* out) {
  const char* bytes = text.data();
  const std::size_t size = text.size();
  std::uint64_t other = 0;
  std::size_t i = 0;
#if defined(__x86_64__)
  if (has_avx2()) {
    if (!pack_avx2(bytes, size / 32, out)) return false;
    i = size / 32 * 32;
    out += i / BASES_PER_BYTE;
  }
#endif
  for (; i + 8 <= size; i += 8, out += 2) {
    const std::uint16_t bases = pack_word(load_word(bytes + i), other);
    std::memcpy(out, &bases, 2);
  }
  if (const std::size_t left = size - i; left > 0) {
    // The last few letters low in a word (the string's last eight, shifted, where it has
    // eight), the last one repeated above them: no call to copy a handful of bytes.
    std::uint64_t letters = 0;
    if (size >= 8) {
      letters = load_word(bytes + size - 8) >> (8 * (8 - left));
    } else {
      for (std::size_t k = 0; k < left; ++k) letters |= std::uint64_t{static_cast<unsigned char>(bytes[k])} << (8 * k);
    }
    const std::uint64_t last = static_cast<unsigned char>(bytes[size - 1]);
    letters |= last * kEach << (8 * left);
    const std::uint16_t bases = pack_word(letters, other);
    out[0] = static_cast<std::uint8_t>(bases);
    if (left > 4) out[1] = static_cast<std::uint8_t>(bases >> 8);
  }
  return other == 0;
}

bool pack_bases(std::string_view text, std::uint8_t* out, unsigned threads) {
  constexpr std::size_t kLetters = 32;  // a slice's letters: whole AVX2 steps, whole bytes
  // A slice a thread of at least a megabyte, about 0.07 ms with AVX2 on the H200 host's
  // threads: smaller ones gained nothing there, and a helper woken late cost a 1 Mbp
  // string 1.4 ms once in fifteen.
  constexpr std::size_t kLeastSteps = (std::size_t{1} << 20) / kLetters;
  const std::size_t steps = text.size() / kLetters;
  std::atomic<bool> other{false};
  const std::size_t slices = slice_count(steps, threads, kLeastSteps);
  parallel_slices(steps, slices, threads, [&](std::size_t, std::size_t begin, std::size_t end) {
    const std::size_t from = begin * kLetters, to = end == steps ? text.size() : end * kLetters;
    if (to > from && !other.load(std::memory_order_relaxed) &&
        !pack_bases(text.substr(from, to - from), out + from / BASES_PER_BYTE))
      other = true;
  });
  return steps > 0 ? !other : pack_bases(text, out);
}

}  // namespace levcl::detail
