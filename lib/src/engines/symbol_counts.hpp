// A lower bound on a pair's distance from how often each byte value occurs in its strings,
// known without a cell computed.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "levcl/export.h"

namespace levcl::detail {

// Each string's count of each byte value present in any of `strings`. Take the sum over
// values of |count_a - count_b|, plus |m - n|: a substitution changes it by at most two
// (two counts by one each), an insertion or a deletion by at most two (one count and the
// length by one each), so a pair's distance is at least half of it, rounded up. Where
// genomes differ in their runs of N (SARS-CoV-2 sequences with thousands of unknown bases),
// it tells pairs far apart at once. Exported for the tests.
class LEVCL_API SymbolCounts {
 public:
  SymbolCounts(const std::vector<std::string_view>& strings, unsigned threads);
  std::int64_t least_distance(std::uint32_t a, std::uint32_t b) const;

 private:
  std::size_t values_ = 0;               // the byte values present, in order
  std::vector<std::uint32_t> counts_;    // string s's at s * values_
  std::vector<std::int64_t> lengths_;
};

}  // namespace levcl::detail
