// Run-length CIGARs: built operation by operation (adjacent runs of one operation merged),
// and replayed over the two strings they align (verify_alignment, levcl.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace levcl::detail {

class CigarBuilder {
 public:
  // Room for `runs` runs, allocated once (a batch's parts hold 2*10^7 runs between them).
  void reserve(std::size_t runs) { runs_.reserve(runs); }
  // Appends `length` operations `op` ('=', 'X', 'I' or 'D'); nothing when length is 0.
  void add(char op, std::uint64_t length) {
    if (length == 0) return;
    if (!runs_.empty() && runs_.back().first == op)
      runs_.back().second += length;
    else
      runs_.emplace_back(op, length);
  }
  // Moves this builder's first run onto `before`'s last where they are one operation: parts
  // of one path built apart, then joined, give the runs one builder would have.
  void continue_from(CigarBuilder& before);
  bool empty() const { return runs_.empty(); }
  // The bytes of the first and of the second string the runs consume.
  std::pair<std::uint64_t, std::uint64_t> consumed() const;
  std::string str() const;

 private:
  std::vector<std::pair<char, std::uint64_t>> runs_;
};

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
