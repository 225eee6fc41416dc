// auto's choices: among the variants that can do what is asked (Capability), the one whose
// cost model predicts the least time on the device, from the tuning database's
// measurements (README: "auto").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "engines/registry.hpp"
#include "levcl/tuning.hpp"

namespace levcl::detail {

// auto's variant for one pair, and its predicted time when its model could predict one.
struct PairChoice {
  TunedChoice choice;
  std::optional<Prediction> predicted;
};

// Where the device's tuning-database entry has measured variants of both kinds of work
// (VariantInfo::work), the one predicted fastest for the pair, its distance estimated from
// samples of it; otherwise the entry's best variant (tuned_choice(device, "auto")),
// predicted where the entry measured it.
PairChoice auto_choice(const DeviceInfo& device, const DivergenceSample& pair);

// The least a first build of a program takes on a GPU: on the H100 (NVIDIA OpenCL 3.0,
// driver 580) the smallest program's took 0.30 s and bitpar.cl's 0.33-0.96 s on fresh hosts
// (bench/results/h100/session38: coldstart).
constexpr double kFirstBuildSeconds = 0.3;

// Whether auto avoids a first build on `device` under `policy` (ColdPrograms).
bool avoids_cold_builds(const DeviceInfo& device, ColdPrograms policy);

// The host variant auto runs a pair on while the program its device engine needs is not
// built: of the host's variants, the one predicted fastest for the pair, where that
// prediction plus `spent` (the host's seconds so far on the context's pairs run so) stays
// within kFirstBuildSeconds; else none. Renting the host until its rent reaches the price
// of the build, then building, costs at most twice the better of the two for whatever
// number of pairs follows.
struct HostChoice {
  const Variant* variant;
  double seconds;  // predicted
};
std::optional<HostChoice> host_while_cold(const DeviceInfo& device, const DivergenceSample& pair, double spent);

// A pair below this many cells (m * n) runs a variant's quick_build configuration while
// the tuned one's program is not built (and the host's engines would take longer than a
// build): on the H100 bitpar with unroll 0 builds in 0.33-0.44 s against 0.66-1.5 s, and its
// kernels take up to 16% longer (HHV-6B x EBV, the plasmids, CP000051), as long on the
// motivating pair (10^13 cells, 0.4 s): below 2e13 cells that costs less than the build saves.
constexpr double kQuickBuildCells = 2e13;
// `tuned` with `variant`'s quick_build over it, for work of `cells` in all: none where the
// variant has no quick build or the work reaches kQuickBuildCells.
std::optional<Params> quick_build_params(const Variant& variant, const Params& tuned, double cells);

// The pairs of a batch that auto runs alone, on single-pair engines, rather than in the
// batch engine `engine` (params: its configuration), as indices into `pairs`: in a batch a pair's chain of work
// (its model's prediction) can keep the whole batch waiting, while alone it has the whole
// device. Moving the pairs of longest chains out while the predicted total falls: the
// batch's time (the longest chain left, or its cells over every resident work-item) plus
// each moved pair's time alone (auto_choice's prediction, or, where the entry measured
// nothing, its chain spread over the device).
// Only pairs of kSinglePairCells or more may leave: the single-pair models are measured on
// pairs that fill the device and predict a short pair far too fast (on the H100 a 30 kbp
// pair alone: 0.1 ms predicted, 3.5 ms measured).
// `threads`: host threads for the predictions; `largest_cells`: at least the most cells of
// any of the pairs (check_batch's).
constexpr double kSinglePairCells = double(1 << 30);
std::vector<std::size_t> run_alone(const DeviceInfo& device, const Variant& engine, const Params& params,
                                   const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                                   unsigned threads, double largest_cells);

// A bounded first pass over a batch's long pairs, by a wavefront batch engine: it finds
// each distance up to `bound` in about bound / 2 steps, every pair at once, where the bit
// vectors sweep all m * n cells of each (on the H100 122 pairs of 30 kbp at 98.8%: 5 s in
// batch-bitpar, a work-item each). The pairs: those of kWavefrontTrialCells or more, on a
// GPU (a CPU device pays a wavefront step's barriers on every core). The bound: 1/32 of
// the longest pair's lengths, or the caller's k when lower. Those found above it go on as
// if untried. Measured on the H100 at 521de69 (bench/results/h100/batches), end to end:
// with batch-bitpar's long pairs on a workgroup each, 10^5 pairs of 10 kbp at 90% take it
// 0.45 s and the wavefront batch 0.87 (at 80%: 0.68 and 2.7); the SARS-CoV-2 all-vs-all,
// mostly pairs over 99% alike, 0.62 s and 0.54. (A bound of 1/8 sent all of these to the
// wavefront batch.)
// A pair known to be above the bound is not tried (a tried pair that ends above it costs
// the whole bound's steps, bound^2 cells): by its length difference, and where the batch's
// strings are shared by many pairs, by their symbol counts (engines/symbol_counts.hpp),
// whose count costs a read of each string once: at most 1/kSymbolCountShare of the bytes
// the trial's pairs read.
constexpr double kWavefrontTrialCells = double(1 << 24);
constexpr std::uint64_t kSymbolCountShare = 16;
struct WavefrontTrial {
  const Variant* engine = nullptr;  // none: no trial
  std::vector<std::size_t> pairs;   // indices into the batch's pairs
  std::vector<std::size_t> above;   // and those known above the bound, not tried
  std::int64_t bound = 0;
};
// `largest_cells`: at least the most cells of any of the pairs (check_batch's); `threads`:
// host threads for the symbol counts.
WavefrontTrial wavefront_trial(const DeviceInfo& device, const std::vector<std::string_view>& strings,
                               const std::vector<IndexPair>& pairs, std::int64_t max_distance, double largest_cells,
                               unsigned threads);

// The variant of `variants` whose model for `capability` predicts the least time for the
// `count` pairs shape(0) .. shape(count - 1) (summed; over kCostSample of them spread
// evenly when there are more), at its tuned configuration with the measurements of the
// device's entry; the first when none predicts, or when it is the only one.
constexpr std::size_t kCostSample = std::size_t{1} << 16;
const Variant& cheapest(const DeviceInfo& device, Capability capability, const std::vector<const Variant*>& variants,
                        std::size_t count, const std::function<PairShape(std::size_t)>& shape);

// Each pair's own cheapest variant, as cheapest() chooses for it alone: a choice that no
// other pair sways, so that what depends on the engine (an alignment's CIGAR among the
// optimal ones) is the same in whatever batch, chunk, device or rank holds the pair.
std::vector<const Variant*> cheapest_each(const DeviceInfo& device, Capability capability,
                                          const std::vector<const Variant*>& variants, std::size_t count,
                                          const std::function<PairShape(std::size_t)>& shape);

}  // namespace levcl::detail
