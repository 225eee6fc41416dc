#include "io/cigar.hpp"

#include <cstring>
#include <string_view>

#include "levcl/levcl.hpp"

namespace levcl {
namespace detail {

std::size_t append_run(std::string& cigar, char op, std::uint64_t length) {
  char text[kRunTextMost];
  const auto chars = static_cast<std::size_t>(write_run(text, op, length) - text);
  cigar.append(text, chars);
  return chars;
}

void malformed_cigar(const std::string& why) { throw Error(ErrorCode::invalid_argument, "malformed CIGAR: " + why); }

}  // namespace detail

std::int64_t verify_alignment(std::string_view a, std::string_view b, std::string_view cigar) {
  const auto fail = [](const std::string& why) {
    throw Error(ErrorCode::invalid_argument, "CIGAR does not align the strings: " + why);
  };
  std::uint64_t i = 0, j = 0;  // bytes of a and b consumed
  std::int64_t cost = 0;
  detail::for_each_run(cigar, [&](char op, std::uint64_t length) {
    const bool uses_a = op == '=' || op == 'X' || op == 'M' || op == 'D';
    const bool uses_b = op == '=' || op == 'X' || op == 'M' || op == 'I';
    if (!uses_a && !uses_b) fail(std::string("unknown operation '") + op + "' (want =, X, M, I or D)");
    if ((uses_a && length > a.size() - i) || (uses_b && length > b.size() - j))
      fail("run " + std::to_string(length) + op + " at a[" + std::to_string(i) + "], b[" + std::to_string(j) +
           "] goes past the end of " + (uses_a && length > a.size() - i ? "a" : "b"));
    if (op == 'I' || op == 'D') {
      cost += static_cast<std::int64_t>(length);
    } else if (op == '=' && std::memcmp(a.data() + i, b.data() + j, length) == 0) {
      // the common case, at memcmp's speed: the library replays every CIGAR it returns
    } else {
      for (std::uint64_t k = 0; k < length; ++k) {
        const bool equal = a[i + k] == b[j + k];
        if (op == '=' && !equal) fail("'=' over differing bytes at a[" + std::to_string(i + k) + "]");
        if (op == 'X' && equal) fail("'X' over equal bytes at a[" + std::to_string(i + k) + "]");
        cost += equal ? 0 : 1;
      }
    }
    if (uses_a) i += length;
    if (uses_b) j += length;
  });
  if (i != a.size() || j != b.size())
    fail("it consumes " + std::to_string(i) + " of " + std::to_string(a.size()) + " bytes of a and " +
         std::to_string(j) + " of " + std::to_string(b.size()) + " of b");
  return cost;
}

}  // namespace levcl
