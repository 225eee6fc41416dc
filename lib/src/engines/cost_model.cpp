#include "engines/cost_model.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace levcl::detail {

double resident_work_items(const DeviceInfo& device) {
  const double units = std::max<std::uint32_t>(1, device.compute_units);
  return device.type == "gpu" ? units * 2.0 * static_cast<double>(std::max<std::size_t>(1, device.max_workgroup))
                              : units * 8.0;
}

CostModel matrix_cost() {
  return [](const CostInputs& in) -> PairCost {
    double log_sum = 0;
    int measured = 0;
    for (const Measurement& w : in.measured) {
      const double cells = w.pair.m * w.pair.n;
      if (cells <= 0 || w.seconds <= 0) continue;
      log_sum += std::log(cells / w.seconds);
      ++measured;
    }
    if (measured == 0) return nullptr;
    const double rate = std::exp(log_sum / measured), items = resident_work_items(in.device);
    return [rate, items](const PairShape& pair) -> std::optional<Prediction> {
      return Prediction{kCallSeconds + pair.m * pair.n / rate, items};
    };
  };
}

namespace {

// The wavefront model compares pairs by divergence (distance per byte), not distance: a
// short pair at the same distance is far more divergent, and its front has met the
// matrix's edges (pwg on the H100: 0.17 s at d = 112,099 on 1.28 Mbp, 2.6 s at d = 91,652
// on 100 Mbp).
double divergence(const PairShape& p) { return std::max(1.0, p.distance) / std::max(1.0, std::max(p.m, p.n)); }

}  // namespace

CostModel wavefront_cost() {
  return [](const CostInputs& in) -> PairCost {
    std::vector<Measurement> rows;
    for (const Measurement& w : in.measured)
      if (w.seconds > 0) rows.push_back(w);
    if (rows.empty()) return nullptr;
    std::sort(rows.begin(), rows.end(),
              [](const Measurement& x, const Measurement& y) { return divergence(x.pair) < divergence(y.pair); });
    // Where time barely grows with d between the two most similar workloads (a slope under
    // 1/2), the engine is bound there by the length, not the distance (pwg extends byte by
    // byte along the diagonal: on the H100 0.035 s at 99.9% and 0.045 s at 99% of 1.28 Mbp,
    // 0.25 s at 99.9% of 10 Mbp): the most similar workload's time per byte of its longer
    // string is a floor for a pair's longer string.
    double floor_per_byte = 0;
    if (rows.size() > 1) {
      const Measurement &least = rows[0], &next = rows[1];
      const double span = std::log(std::max(1.0, next.pair.distance) / std::max(1.0, least.pair.distance));
      if (span > 1e-9 && std::log(next.seconds / least.seconds) / span < 0.5)
        floor_per_byte = least.seconds / std::max(1.0, std::max(least.pair.m, least.pair.n));
    }
    std::vector<double> logs;  // of the rows' divergences
    for (const Measurement& w : rows) logs.push_back(std::log(divergence(w.pair)));
    const double items = resident_work_items(in.device);
    return [rows = std::move(rows), logs = std::move(logs), floor_per_byte,
            items](const PairShape& pair) -> std::optional<Prediction> {
      if (pair.distance < 0) return std::nullopt;
      const double wanted = std::log(divergence(pair));
      std::size_t at = 0;
      for (std::size_t k = 1; k < rows.size(); ++k)
        if (std::abs(wanted - logs[k]) < std::abs(wanted - logs[at])) at = k;
      const Measurement& nearest = rows[at];
      const double ratio = std::max(1.0, pair.distance) / std::max(1.0, nearest.pair.distance);
      // Its time scaled by (d / its d)^e, e the slope of time over distance (log-log) from it
      // to the workload next to it on the pair's side (the other side at the ends), held
      // within [1, 2]: a radius costs at least what it did there (a front too narrow to fill
      // the device: persistent on the H100 took 3.6-6.7 us a radius from 99% to 50%, E. coli
      // 3.0 us), its cells at most what they did (fronts wider than the device).
      // Below its distance, d alone: a radius costs what it did there (from an entry tuned on
      // the H100, the slope of 1.6 from 90% to 50% predicted persistent 0.34 ms on the HIV-1
      // pair, whose 994 radii took 4.4 ms; d alone, 5.2 ms). One workload: d^2 above its distance.
      double exponent = ratio > 1 ? 2 : 1;
      if (rows.size() > 1 && ratio > 1) {
        const bool above = wanted > logs[at];
        const std::size_t other = (above && at + 1 < rows.size()) || at == 0 ? at + 1 : at - 1;
        const Measurement& next = rows[other];
        const double span = std::log(std::max(1.0, next.pair.distance) / std::max(1.0, nearest.pair.distance));
        if (std::abs(span) > 1e-9) exponent = std::clamp(std::log(next.seconds / nearest.seconds) / span, 1.0, 2.0);
      }
      const double floor = floor_per_byte * std::max(pair.m, pair.n);
      return Prediction{kCallSeconds + std::max(nearest.seconds * std::pow(ratio, exponent), floor), items};
    };
  };
}

CostModel measured_cost(Work work) { return work == Work::matrix ? matrix_cost() : wavefront_cost(); }

CostModel nominal_cost(Work work, double cells_per_second, double work_items) {
  return [=](const CostInputs&) -> PairCost {
    return [=](const PairShape& pair) -> std::optional<Prediction> {
      if (work == Work::matrix) return Prediction{pair.m * pair.n / cells_per_second, work_items};
      if (pair.distance < 0) return std::nullopt;
      return Prediction{std::max(1.0, pair.distance * pair.distance) / cells_per_second, work_items};
    };
  };
}

}  // namespace levcl::detail
