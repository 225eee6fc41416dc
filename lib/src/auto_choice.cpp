#include "auto_choice.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "cpu_reference.hpp"
#include "tuning_db.hpp"

namespace levcl::detail {

TunedChoice auto_choice(const DeviceInfo& device, std::string_view a, std::string_view b) {
  const auto rated = rated_choices(device);
  const auto has = [&rated](Work work) {
    return std::any_of(rated.begin(), rated.end(), [work](const RatedChoice& r) { return r.work == work; });
  };
  if (!has(Work::matrix) || !has(Work::wavefront)) return tuned_choice(device, "auto");

  // The distance: the sample's divergence over the longer length, at least the length
  // difference; a sample over a third divergent says only that much (then the matrix
  // variants win anyway: a third of the length squared is wavefront work for a third of
  // the matrix at rates dozens of times lower).
  const double m = static_cast<double>(a.size()), n = static_cast<double>(b.size());
  constexpr double most = 1.0 / 3;
  const double divergence = sampled_divergence(a, b, most).value_or(most);
  const double distance = std::max(std::abs(m - n), divergence * std::max(m, n));

  // A wavefront variant at the workload whose distance is nearest the estimate (by ratio).
  std::map<std::string, double> nearest;
  const auto apart = [distance](double d) { return std::abs(std::log(std::max(1.0, distance) / d)); };
  for (const auto& r : rated) {
    if (r.work != Work::wavefront) continue;
    const auto [at, fresh] = nearest.emplace(r.choice.variant, r.distance);
    if (!fresh && apart(r.distance) < apart(at->second)) at->second = r.distance;
  }
  const RatedChoice* best = nullptr;
  double best_seconds = 0;
  for (const auto& r : rated) {
    if (r.work == Work::wavefront && r.distance != nearest[r.choice.variant]) continue;
    const double seconds = (r.work == Work::matrix ? m * n : std::max(1.0, distance * distance)) / r.rate;
    if (!best || seconds < best_seconds) {
      best = &r;
      best_seconds = seconds;
    }
  }
  TunedChoice choice = best->choice;
  char why[160];
  std::snprintf(why, sizeof why, "; auto: %s, predicted %.3g s for an estimated distance of %.0f", choice.variant.c_str(),
                best_seconds, distance);
  choice.source += why;
  return choice;
}

}  // namespace levcl::detail
