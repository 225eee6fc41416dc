// Run-length CIGARs: built operation by operation (adjacent runs of one operation merged),
// and replayed over the two strings they align (verify_alignment, levcl.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace levcl::detail {

class CigarBuilder {
 public:
  // Appends `length` operations `op` ('=', 'X', 'I' or 'D'); nothing when length is 0.
  void add(char op, std::uint64_t length);
  std::string str() const;

 private:
  std::vector<std::pair<char, std::uint64_t>> runs_;
};

}  // namespace levcl::detail
