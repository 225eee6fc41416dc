#include "engines/divergence.hpp"

#include <algorithm>
#include <cmath>

#include "engines/cpu_reference/cpu_reference.hpp"

namespace levcl::detail {

std::optional<double> sampled_divergence(std::string_view a, std::string_view b, double max_fraction) {
  constexpr std::size_t sample = 1024, shortest = 64;
  const std::size_t w = std::min({sample, a.size(), b.size()});
  if (w < shortest) return std::nullopt;  // too short to tell, and too short to matter
  const auto d = cpu_wfa_distance(a.substr(0, w), b.substr(0, w), static_cast<std::int64_t>(max_fraction * w));
  if (!d) return std::nullopt;
  return static_cast<double>(*d) / static_cast<double>(w);
}

double estimated_distance(std::string_view a, std::string_view b) {
  const double m = static_cast<double>(a.size()), n = static_cast<double>(b.size());
  constexpr double most = 1.0 / 3;
  const double divergence = sampled_divergence(a, b, most).value_or(most);
  return std::max(std::abs(m - n), divergence * std::max(m, n));
}

}  // namespace levcl::detail
