// Run-length CIGARs: written run by run, and replayed over the two strings they align
// (verify_alignment, levcl.hpp).
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace levcl::detail {

// The most bytes a run's text takes: the 20 digits of a 64-bit length, and its operation.
constexpr std::size_t kRunTextMost = 21;

// Writes the run `length` times `op` as text ("12=") at `at`, which has room for
// kRunTextMost bytes; returns where it ends.
inline char* write_run(char* at, char op, std::uint64_t length) {
  char* const end = std::to_chars(at, at + kRunTextMost - 1, length).ptr;
  *end = op;
  return end + 1;
}

// Appends the run to `cigar` as text; returns the bytes written.
std::size_t append_run(std::string& cigar, char op, std::uint64_t length);

// Throws invalid_argument: "malformed CIGAR: " and why.
[[noreturn]] void malformed_cigar(const std::string& why);

// Calls visit(op, length) for each run of `cigar`, in order. Throws invalid_argument when
// it is malformed: a run without its length or operation, or of length 0 or past 2^64.
// Inline: the library replays every CIGAR it returns, 2*10^7 runs in a batch of 10^4.
template <typename Visit>
void for_each_run(std::string_view cigar, Visit&& visit) {
  const char* const begin = cigar.data();
  const char* const end = begin + cigar.size();
  for (const char* at = begin; at < end;) {
    std::uint64_t length = 0;
    const char* const digits = at;
    for (; at < end && *at >= '0' && *at <= '9'; ++at) {
      if (length > (UINT64_MAX - 9) / 10) malformed_cigar("a run length overflows");
      length = length * 10 + static_cast<std::uint64_t>(*at - '0');
    }
    if (at == digits || at == end) malformed_cigar("want LENGTH OP at offset " + std::to_string(digits - begin));
    if (length == 0) malformed_cigar("a run of length 0 at offset " + std::to_string(digits - begin));
    visit(*at++, length);
  }
}

}  // namespace levcl::detail
