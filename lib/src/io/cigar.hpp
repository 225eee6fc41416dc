// Run-length CIGARs: built operation by operation (adjacent runs of one operation merged),
// and replayed over the two strings they align (verify_alignment, levcl.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace levcl::detail {

class CigarBuilder {
 public:
  // Appends `length` operations `op` ('=', 'X', 'I' or 'D'); nothing when length is 0.
  void add(char op, std::uint64_t length);
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

// Calls visit(op, length) for each run of `cigar`, in order. Throws invalid_argument when
// it is malformed: a run without its length or operation, or of length 0 or past 2^64.
void for_each_run(std::string_view cigar, const std::function<void(char op, std::uint64_t length)>& visit);

}  // namespace levcl::detail
