#include "io/cigar.hpp"

#include <string_view>

#include "levcl/levcl.hpp"

namespace levcl {
namespace detail {

void CigarBuilder::add(char op, std::uint64_t length) {
  if (length == 0) return;
  if (!runs_.empty() && runs_.back().first == op)
    runs_.back().second += length;
  else
    runs_.emplace_back(op, length);
}

void CigarBuilder::continue_from(CigarBuilder& before) {
  if (runs_.empty() || before.runs_.empty() || before.runs_.back().first != runs_.front().first) return;
  before.runs_.back().second += runs_.front().second;
  runs_.erase(runs_.begin());
}

std::pair<std::uint64_t, std::uint64_t> CigarBuilder::consumed() const {
  std::pair<std::uint64_t, std::uint64_t> used{0, 0};
  for (const auto& [op, length] : runs_) {
    if (op != 'I') used.first += length;
    if (op != 'D') used.second += length;
  }
  return used;
}

std::string CigarBuilder::str() const {
  std::string out;
  for (const auto& [op, length] : runs_) {
    out += std::to_string(length);
    out += op;
  }
  return out;
}

void for_each_run(std::string_view cigar, const std::function<void(char, std::uint64_t)>& visit) {
  const auto malformed = [](const std::string& why) {
    throw Error(ErrorCode::invalid_argument, "malformed CIGAR: " + why);
  };
  for (std::size_t at = 0; at < cigar.size();) {
    std::uint64_t length = 0;
    const std::size_t digits = at;
    while (at < cigar.size() && cigar[at] >= '0' && cigar[at] <= '9') {
      if (length > (UINT64_MAX - 9) / 10) malformed("a run length overflows");
      length = length * 10 + static_cast<std::uint64_t>(cigar[at++] - '0');
    }
    if (at == digits || at == cigar.size()) malformed("want LENGTH OP at offset " + std::to_string(digits));
    if (length == 0) malformed("a run of length 0 at offset " + std::to_string(digits));
    visit(cigar[at++], length);
  }
}

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
    } else if (op == '=' && a.compare(i, length, b, j, length) == 0) {
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
