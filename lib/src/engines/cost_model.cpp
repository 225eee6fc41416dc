#include "engines/cost_model.hpp"

#include <algorithm>
#include <cmath>

namespace levcl::detail {

double resident_work_items(const DeviceInfo& device) {
  const double units = std::max<std::uint32_t>(1, device.compute_units);
  return device.type == "gpu" ? units * 2.0 * static_cast<double>(std::max<std::size_t>(1, device.max_workgroup))
                              : units * 8.0;
}

CostModel matrix_cost() {
  return [](const CostInputs& in, const PairShape& pair) -> std::optional<Prediction> {
    double log_sum = 0;
    int measured = 0;
    for (const Measurement& w : in.measured) {
      const double cells = w.pair.m * w.pair.n;
      if (cells <= 0 || w.seconds <= 0) continue;
      log_sum += std::log(cells / w.seconds);
      ++measured;
    }
    if (measured == 0) return std::nullopt;
    const double rate = std::exp(log_sum / measured);
    return Prediction{kCallSeconds + pair.m * pair.n / rate, resident_work_items(in.device)};
  };
}

CostModel wavefront_cost() {
  return [](const CostInputs& in, const PairShape& pair) -> std::optional<Prediction> {
    if (pair.distance < 0) return std::nullopt;
    // The workload nearest in divergence (distance per byte), not in distance: a short pair
    // at the same distance is far more divergent, and its front has met the matrix's
    // edges (pwg on the H100: 0.17 s at d = 112,099 on 1.28 Mbp, 2.6 s at d = 91,652 on 100 Mbp).
    const Measurement* nearest = nullptr;
    const auto divergence = [](const PairShape& p) {
      return std::max(1.0, p.distance) / std::max(1.0, std::max(p.m, p.n));
    };
    const auto apart = [&](const Measurement& w) { return std::abs(std::log(divergence(pair) / divergence(w.pair))); };
    for (const Measurement& w : in.measured)
      if (w.seconds > 0 && (!nearest || apart(w) < apart(*nearest))) nearest = &w;
    if (!nearest) return std::nullopt;
    // Its time scaled by d^2 where the pair's distance is larger (wider fronts), by d where
    // smaller: a radius then costs about what it did there, its front too narrow to fill the
    // device (pwg on the H100: 0.089 s at d = 92,254 on 172 kbp, 1.04 s at d = 455,908).
    const double ratio = std::max(1.0, pair.distance) / std::max(1.0, nearest->pair.distance);
    return Prediction{kCallSeconds + nearest->seconds * std::max(ratio, ratio * ratio), resident_work_items(in.device)};
  };
}

CostModel measured_cost(Work work) { return work == Work::matrix ? matrix_cost() : wavefront_cost(); }

CostModel nominal_cost(Work work, double cells_per_second, double work_items) {
  return [=](const CostInputs&, const PairShape& pair) -> std::optional<Prediction> {
    if (work == Work::matrix) return Prediction{pair.m * pair.n / cells_per_second, work_items};
    if (pair.distance < 0) return std::nullopt;
    return Prediction{std::max(1.0, pair.distance * pair.distance) / cells_per_second, work_items};
  };
}

}  // namespace levcl::detail
