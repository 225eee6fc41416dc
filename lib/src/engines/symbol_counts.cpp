#include "engines/symbol_counts.hpp"

#include <array>
#include <cstdlib>

#include "runtime/parallel.hpp"

namespace levcl::detail {

SymbolCounts::SymbolCounts(const std::vector<std::string_view>& strings, unsigned threads) {
  // Counted at full width first, then kept for the values present only: a pair's bound then
  // reads a few (DNA with its ambiguity codes: 15), not 256.
  std::vector<std::array<std::uint32_t, 256>> full(strings.size());
  parallel_each(strings.size(), threads, [&](std::size_t s) {
    // Four tables, summed at the end: consecutive equal bytes would otherwise each wait on
    // the last one's store.
    std::array<std::array<std::uint32_t, 256>, 4> part{};
    const auto* bytes = reinterpret_cast<const unsigned char*>(strings[s].data());
    const std::size_t n = strings[s].size();
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
      ++part[0][bytes[i]];
      ++part[1][bytes[i + 1]];
      ++part[2][bytes[i + 2]];
      ++part[3][bytes[i + 3]];
    }
    for (; i < n; ++i) ++part[0][bytes[i]];
    for (std::size_t v = 0; v < 256; ++v) full[s][v] = part[0][v] + part[1][v] + part[2][v] + part[3][v];
  });
  std::array<bool, 256> present{};
  for (const auto& counts : full)
    for (std::size_t v = 0; v < 256; ++v) present[v] = present[v] || counts[v] != 0;
  std::vector<std::size_t> values;
  for (std::size_t v = 0; v < 256; ++v)
    if (present[v]) values.push_back(v);
  values_ = values.size();
  counts_.resize(strings.size() * values_);
  lengths_.resize(strings.size());
  for (std::size_t s = 0; s < strings.size(); ++s) {
    for (std::size_t k = 0; k < values_; ++k) counts_[s * values_ + k] = full[s][values[k]];
    lengths_[s] = static_cast<std::int64_t>(strings[s].size());
  }
}

std::int64_t SymbolCounts::least_distance(std::uint32_t a, std::uint32_t b) const {
  const std::uint32_t* x = counts_.data() + a * values_;
  const std::uint32_t* y = counts_.data() + b * values_;
  std::int64_t apart = std::llabs(lengths_[a] - lengths_[b]);
  for (std::size_t k = 0; k < values_; ++k) apart += std::llabs(std::int64_t{x[k]} - std::int64_t{y[k]});
  return (apart + 1) / 2;
}

}  // namespace levcl::detail
