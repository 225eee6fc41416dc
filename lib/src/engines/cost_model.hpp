// What an engine's work is predicted to cost: each capability a family registers comes with
// a model that predicts, from a pair's sizes and (estimated) distance, the seconds it takes
// on a device and how much of the device it holds. auto, batch routing, alignment and
// levcl-tune compare these predictions; none of them names an engine.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::detail {

// A pair as a cost model sees it.
struct PairShape {
  double m = 0, n = 0;   // its lengths
  double distance = -1;  // its distance, or an estimate of it; < 0: not known
};

// A tuning workload and the seconds a variant's tuned configuration took on it, from the
// device's tuning-database entry: what a model predicts by where it has them.
struct Measurement {
  PairShape pair;
  double seconds = 0;
};

// A model's prediction for one pair.
struct Prediction {
  double seconds = 0;     // end to end, the pair alone; for a batch engine, the pair's own
                          // chain of work (the batch takes at least this long)
  double work_items = 0;  // work-items the pair keeps busy meanwhile
};

// What a model may read besides the pair: the device, the configuration (every parameter
// present) and the measurements of it (empty when the entry has none).
struct CostInputs {
  const DeviceInfo& device;
  const Params& params;
  const std::vector<Measurement>& measured;
};

// A model bound to one configuration on one device: a pair's prediction, or nullopt where
// it cannot tell (a wavefront's without a distance).
using PairCost = std::function<std::optional<Prediction>(const PairShape& pair)>;
// A capability's model: what it derives from the device, the configuration and the
// measurements (rates, the rows it reads) it derives once, binding them into the PairCost
// it returns, which keeps copies (it outlives the inputs); null where it cannot predict at
// all (it needs measurements the entry lacks).
using CostModel = std::function<PairCost(const CostInputs& inputs)>;

// The fixed cost of a single-pair call on a device: uploads, a launch (about 5.5 us an
// enqueue on the H100) and a blocking read of the result (about 16 us).
constexpr double kCallSeconds = 50e-6;

// Work-items a device keeps running at once: two workgroups of the largest size per
// compute unit on a GPU (the H100: 132 x 2048), eight per core on a CPU (POCL runs a
// workgroup's work-items in vector lanes: on the CI machine a core computed a batch of 8
// pairs as fast as one of 64).
double resident_work_items(const DeviceInfo& device);

// The two shapes of cost the families measure (VariantInfo::work), from the measurements of
// the tuned configuration, plus kCallSeconds; each keeps the whole device busy:
//   matrix: m * n cells at the geometric mean of the measured cells per second;
//   wavefront: the time measured on the workload of nearest divergence (d per byte; its
//   time per d^2 changes with it: one launch per band of radii, or a fixed cost per
//   radius), scaled by (d / its d)^e: above its distance, e the measured slope towards the
//   next workload held within [1, 2] (2 with one workload); below, 1; at least the
//   most similar workload's time per byte, times the pair's length, where the engine's
//   time is flat between the two most similar workloads (bound by the length there).
// Both come from workloads that fill the device (pairs of 1.28 Mbp on the H100): they hold
// for pairs that do, not for short ones (choice.hpp: kSinglePairCells).
// Null without measurements; the wavefront's predicts nothing for a pair without a distance.
CostModel matrix_cost();
CostModel wavefront_cost();

// The cost model of Work `work`.
CostModel measured_cost(Work work);

// A rate known without measurements (a CPU engine's, measured once on a known machine):
// m * n or d^2 cells at `cells_per_second`, holding `work_items`.
CostModel nominal_cost(Work work, double cells_per_second, double work_items);

}  // namespace levcl::detail
