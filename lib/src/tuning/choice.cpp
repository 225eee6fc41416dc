#include "tuning/choice.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "engines/divergence.hpp"
#include "engines/symbol_counts.hpp"
#include "runtime/parallel.hpp"
#include "tuning/tuning_db.hpp"

namespace levcl::detail {
namespace {

bool measured_both_kinds(const std::vector<MeasuredChoice>& measured) {
  const auto has = [&measured](Work work) {
    return std::any_of(measured.begin(), measured.end(),
                       [work](const MeasuredChoice& c) { return find_variant(c.choice.variant).info.work == work; });
  };
  return has(Work::matrix) && has(Work::wavefront);
}

// A variant's tuned configuration with the entry's measurements of it (none where it has
// none): what its cost models read.
MeasuredChoice configuration_of(const DeviceInfo& device, const Variant& v, const std::vector<MeasuredChoice>& measured) {
  for (const MeasuredChoice& c : measured)
    if (c.choice.variant == v.info.name) return c;
  return {tuned_choice(device, v.info.name), {}};
}

// The distance auto plans a pair by: its sample's estimate, or where that is at least
// kContested of the longer length (where the wavefronts' cost, about the distance squared,
// and bitpar's, its band, cross) and the anchored bound pays (anchoring_pays), that bound,
// which bitpar's first band then reads without computing it again: a real genome pair's
// regions of other divergence, indels and moved blocks led samples to 3.8 times the
// distance of one pair and 0.59 times that of another (2.8-2.9 Mbp, 93.6%; a mosaic 3 Mbp
// pair at 93%: 3.6 times, its anchored bound 1.02 times). Not below: similar pairs'
// wavefronts win by far, and the bound costs milliseconds a megabase, more than E. coli's
// choice is worth.
constexpr double kContested = 0.03;
double planned_distance(const DivergenceSample& sample) {
  const double estimate = sample.estimated_distance();
  const double longest = static_cast<double>(std::max(sample.a().size(), sample.b().size()));
  if (estimate < kContested * longest || !sample.anchoring_pays()) return estimate;
  return static_cast<double>(sample.anchored_bound());
}

// The entry's measured configurations that compute distances, their models bound, made once per list
// that measured_choices gives (per device and version of the overlay), not per pair: binding
// reads the measurements, 30-60 us of a 10 kbp pair's millisecond (a core here).
struct BoundModel {
  const TunedChoice* choice;  // in `measured`
  PairCost cost;              // null: it predicts nothing
};
struct AutoModels {
  std::shared_ptr<const std::vector<MeasuredChoice>> measured;
  std::vector<BoundModel> bound;
  bool compare = false;  // measured_both_kinds
};
std::shared_ptr<const AutoModels> auto_models(const DeviceInfo& device) {
  static std::mutex mutex;
  static std::map<const void*, std::shared_ptr<const AutoModels>> made;
  std::shared_ptr<const std::vector<MeasuredChoice>> measured = measured_choices(device);
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<const AutoModels>& slot = made[measured.get()];
  if (slot) return slot;
  // Lists the database no longer gives (the overlay changed) are held by their models alone.
  for (auto it = made.begin(); it != made.end();)
    it = it->second && it->second->measured.use_count() == 1 ? made.erase(it) : std::next(it);
  auto models = std::make_shared<AutoModels>();
  for (const MeasuredChoice& c : *measured)
    if (const Variant& v = find_variant(c.choice.variant); v.info.can(Capability::distance))
      models->bound.push_back({&c.choice, v.distance.cost({device, c.choice.params, c.measured})});
  models->compare = measured_both_kinds(*measured);
  models->measured = std::move(measured);
  return slot = std::move(models);
}

}  // namespace

PairChoice auto_choice(const DeviceInfo& device, const DivergenceSample& sample) {
  const std::string_view a = sample.a(), b = sample.b();
  const std::shared_ptr<const AutoModels> models = auto_models(device);
  PairShape pair{static_cast<double>(a.size()), static_cast<double>(b.size())};
  // Measured configurations only (the pair's distance estimated once, when first needed).
  const auto prediction = [&](const TunedChoice& choice) -> std::optional<Prediction> {
    for (const BoundModel& m : models->bound)
      if (m.choice->variant == choice.variant && m.choice->params == choice.params) {
        if (pair.distance < 0) pair.distance = planned_distance(sample);
        return m.cost ? m.cost(pair) : std::nullopt;
      }
    return std::nullopt;
  };
  // The candidates, best first: where the entry measured both kinds of variant, every
  // measured one by its predicted time; else the entry's best variant. Then, for pairs
  // those cannot hold, the fallback of auto and every other device variant.
  std::vector<PairChoice> ranked;
  const bool compare = models->compare;
  if (compare) {
    for (const BoundModel& m : models->bound)
      if (const auto p = prediction(*m.choice)) ranked.push_back({*m.choice, p});
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const PairChoice& x, const PairChoice& y) { return x.predicted->seconds < y.predicted->seconds; });
  }
  const TunedChoice best = tuned_choice(device, "auto");
  ranked.push_back({best, prediction(best)});

  // The first candidate whose memory the device holds.
  std::string passed_over;
  const auto fits = [&](PairChoice& candidate) {
    const Variant& v = find_variant(candidate.choice.variant);
    const std::string why = v.memory ? memory_shortfall(device, v.memory(candidate.choice.params, pair)) : "";
    if (!why.empty()) {
      passed_over += "; " + v.info.name + " would need " + why;
      return false;
    }
    if (compare && candidate.predicted) {
      char why_chosen[160];
      std::snprintf(why_chosen, sizeof why_chosen, "; auto: %s, predicted %.3g s for an estimated distance of %.0f",
                    candidate.choice.variant.c_str(), candidate.predicted->seconds, pair.distance);
      candidate.choice.source += why_chosen;
    }
    candidate.choice.source += passed_over;
    return true;
  };
  for (PairChoice& candidate : ranked)
    if (fits(candidate)) return candidate;
  // Then auto's fallback and every other device variant, each looked up only when reached (a
  // lookup lists the overlay folder: a dozen of them were a tenth of a millisecond pair's
  // call on the H100).
  const auto looked_up = [&](const std::string& variant) { return PairChoice{tuned_choice(device, variant), std::nullopt}; };
  if (PairChoice candidate = looked_up(auto_fallback_variant().info.name); fits(candidate)) return candidate;
  for (const Variant* v : variants_with(Capability::distance)) {
    if (!v->info.uses_device) continue;
    if (PairChoice candidate = looked_up(v->info.name); fits(candidate)) return candidate;
  }
  throw Error(ErrorCode::out_of_memory, "no variant fits a pair of " + std::to_string(a.size()) + " x " +
                                            std::to_string(b.size()) + " on " + device.name + passed_over);
}

std::vector<std::size_t> run_alone(const DeviceInfo& device, const Variant& engine, const Params& params,
                                   const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                                   unsigned threads, double largest_cells) {
  const std::size_t count = pairs.size();
  std::vector<std::size_t> alone;
  if (count == 0 || !engine.batch.cost) return alone;
  const std::vector<Measurement> none;
  const PairCost cost = engine.batch.cost(CostInputs{device, params, none});
  const auto chain_of = [&cost](const PairShape& pair) { return cost ? cost(pair) : std::nullopt; };
  const auto shape = [&](std::size_t i, double distance) {
    return PairShape{static_cast<double>(strings[pairs[i].a].size()), static_cast<double>(strings[pairs[i].b].size()),
                     distance};
  };
  const auto is_large = [&](std::size_t i) {
    const PairShape p = shape(i, -1);
    return p.m * p.n >= kSinglePairCells;
  };
  if (largest_cells < kSinglePairCells) return alone;  // every pair stays, nothing predicted
  // Every pair's chain at the batch engine's first bound: distances are estimated only for
  // the pairs that might leave.
  std::vector<double> chain(count), items(count);
  parallel_slices(count, threads, [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
      const auto p = chain_of(shape(i, -1));
      chain[i] = p ? p->seconds : 0;
      items[i] = p ? p->work_items : 1;
    }
  });
  const double resident = resident_work_items(device);
  // A batch's time: its longest chain, or its work over the work-items it keeps busy.
  const auto batch_time = [resident](double work, double busy_items, double longest) {
    return busy_items <= 0 ? 0.0 : std::max(work / std::min(resident, busy_items), longest);
  };
  double work = 0, all_items = 0;
  // Only the large pairs may leave (first in `order`); the longest chain of the others stays.
  std::vector<std::size_t> order;
  double longest_staying = 0;
  for (std::size_t i = 0; i < count; ++i) {
    work += chain[i] * items[i];
    all_items += items[i];
    if (is_large(i))
      order.push_back(i);
    else
      longest_staying = std::max(longest_staying, chain[i]);
  }
  const std::size_t large = order.size();
  const double longest = *std::max_element(chain.begin(), chain.end());
  const double whole = batch_time(work, all_items, longest);
  // A pair alone costs at least kCallSeconds: no more pairs than this can pay for leaving.
  const auto most = static_cast<std::size_t>(std::min<double>(static_cast<double>(large), whole / kCallSeconds));
  if (most == 0) return alone;
  const std::size_t ranked = std::min(large, most + 1);
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(ranked), order.end(),
                    [&chain](std::size_t x, std::size_t y) { return chain[x] > chain[y]; });
  // The longest chain left in the batch once the first k large pairs have left.
  const auto left_after = [&](std::size_t k, const std::vector<double>& chains) {
    return std::max(longest_staying, k < ranked ? chains[order[k]] : 0.0);
  };

  // The most pairs worth a look: moving the k longest out can beat the whole batch only if
  // k calls of kCallSeconds and the batch left come to less.
  std::size_t looked = 0;
  {
    double moved_work = 0, moved_items = 0;
    for (std::size_t k = 1; k <= most; ++k) {
      moved_work += chain[order[k - 1]] * items[order[k - 1]];
      moved_items += items[order[k - 1]];
      if (k * kCallSeconds + batch_time(work - moved_work, all_items - moved_items, left_after(k, chain)) < whole)
        looked = k;
    }
  }
  if (looked == 0) return alone;

  // Those pairs with their distances estimated, on the host's threads (a sample of a pair
  // of 100 kbp takes milliseconds: 200 of them took 0.9 s on one): their chains, and their
  // times alone.
  std::vector<double> refined(looked), by_itself(looked);
  parallel_each(looked, threads, [&](std::size_t k) {
    const std::size_t i = order[k];
    const DivergenceSample sample(strings[pairs[i].a], strings[pairs[i].b]);
    const auto p = chain_of(shape(i, sample.estimated_distance()));
    refined[k] = p ? p->seconds : chain[i];
    const PairChoice single = auto_choice(device, sample);
    // Measured nothing: a single-pair engine fills the device, as the batch engine would.
    by_itself[k] = single.predicted ? single.predicted->seconds : kCallSeconds + refined[k] * items[i] / resident;
  });
  // The best number of pairs to move, among the pairs looked at (longest chains first).
  std::vector<double> longest_after(looked + 1, left_after(looked, chain));
  for (std::size_t k = looked; k-- > 0;) longest_after[k] = std::max(longest_after[k + 1], refined[k]);
  double kept_work = work, kept_items = all_items;
  for (std::size_t k = 0; k < looked; ++k) kept_work += (refined[k] - chain[order[k]]) * items[order[k]];
  double best = batch_time(kept_work, kept_items, longest_after[0]), alone_seconds = 0;
  std::size_t best_k = 0;
  for (std::size_t k = 1; k <= looked; ++k) {
    kept_work -= refined[k - 1] * items[order[k - 1]];
    kept_items -= items[order[k - 1]];
    alone_seconds += by_itself[k - 1];
    const double total = alone_seconds + batch_time(kept_work, kept_items, longest_after[k]);
    if (total < best) {
      best = total;
      best_k = k;
    }
  }
  alone.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(best_k));
  return alone;
}

WavefrontTrial wavefront_trial(const DeviceInfo& device, const std::vector<std::string_view>& strings,
                               const std::vector<IndexPair>& pairs, std::int64_t max_distance, double largest_cells,
                               unsigned threads) {
  WavefrontTrial trial;
  if (device.type != "gpu") return trial;
  for (const Variant* v : variants_with(Capability::batch))
    if (v->info.work == Work::wavefront && v->info.uses_device) {
      trial.engine = v;
      break;
    }
  if (!trial.engine || largest_cells < kWavefrontTrialCells) return trial;
  std::size_t longest = 0;
  std::uint64_t tried_bytes = 0;
  std::vector<std::size_t> long_pairs;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::size_t m = strings[pairs[i].a].size(), n = strings[pairs[i].b].size();
    if (static_cast<double>(m) * static_cast<double>(n) < kWavefrontTrialCells) continue;
    long_pairs.push_back(i);
    longest = std::max(longest, m + n);
    tried_bytes += m + n;
  }
  trial.bound = static_cast<std::int64_t>(longest / 32);
  if (max_distance >= 0) trial.bound = std::min(trial.bound, max_distance);
  std::uint64_t string_bytes = 0;
  for (const std::string_view s : strings) string_bytes += s.size();
  std::optional<SymbolCounts> counts;
  if (string_bytes * kSymbolCountShare <= tried_bytes) counts.emplace(strings, threads);
  std::vector<char> above(long_pairs.size());  // char, not bool: the slices write their own
  parallel_slices(long_pairs.size(), slice_count(long_pairs.size(), threads, 4096), threads,
                  [&](std::size_t, std::size_t from, std::size_t to) {
                    for (std::size_t k = from; k < to; ++k) {
                      const IndexPair p = pairs[long_pairs[k]];
                      const std::int64_t m = static_cast<std::int64_t>(strings[p.a].size()),
                                         n = static_cast<std::int64_t>(strings[p.b].size());
                      above[k] = (counts ? counts->least_distance(p.a, p.b) : std::llabs(m - n)) > trial.bound;
                    }
                  });
  for (std::size_t k = 0; k < long_pairs.size(); ++k) (above[k] ? trial.above : trial.pairs).push_back(long_pairs[k]);
  return trial;
}

namespace {

// A variant with a cost model for the capability, bound to its tuned configuration and the
// entry's measurements of it.
struct Modelled {
  const Variant* variant;
  PairCost cost;  // null: it predicts nothing on this device
  std::optional<Prediction> operator()(const PairShape& pair) const { return cost ? cost(pair) : std::nullopt; }
};

// The variants of `variants` that model `capability`, in order; throws where none is given.
std::vector<Modelled> modelled(const DeviceInfo& device, Capability capability, const std::vector<const Variant*>& variants) {
  if (variants.empty()) throw Error(ErrorCode::internal, std::string("no variant has the ") +
                                                            capability_name(capability) + " capability");
  const auto measured = measured_choices(device);
  std::vector<Modelled> out;
  for (const Variant* v : variants)
    if (const CostModel& model = v->cost(capability)) {
      const MeasuredChoice configuration = configuration_of(device, *v, *measured);
      out.push_back({v, model(CostInputs{device, configuration.choice.params, configuration.measured})});
    }
  return out;
}

}  // namespace

bool avoids_cold_builds(const DeviceInfo& device, ColdPrograms policy) {
  return policy == ColdPrograms::host || (policy == ColdPrograms::host_on_gpu && device.type == "gpu");
}

std::optional<Params> quick_build_params(const Variant& variant, const Params& tuned, double cells) {
  if (variant.quick_build.empty() || cells >= kQuickBuildCells) return std::nullopt;
  Params quick = tuned;
  for (const auto& [key, value] : variant.quick_build) quick[key] = value;
  return quick;
}

std::optional<HostChoice> host_while_cold(const DeviceInfo& device, const DivergenceSample& sample, double spent) {
  std::vector<const Variant*> host;
  for (const Variant* v : variants_with(Capability::distance))
    if (!v->info.uses_device) host.push_back(v);
  const PairShape pair{static_cast<double>(sample.a().size()), static_cast<double>(sample.b().size()),
                       sample.estimated_distance()};
  std::optional<HostChoice> best;
  for (const Modelled& model : modelled(device, Capability::distance, host))
    if (const auto p = model(pair); p && (!best || p->seconds < best->seconds)) best = HostChoice{model.variant, p->seconds};
  if (!best || spent + best->seconds > kFirstBuildSeconds) return std::nullopt;
  return best;
}

const Variant& cheapest(const DeviceInfo& device, Capability capability, const std::vector<const Variant*>& variants,
                        std::size_t count, const std::function<PairShape(std::size_t)>& shape) {
  if (variants.size() == 1) return *variants.front();
  const std::vector<Modelled> models = modelled(device, capability, variants);
  const Variant* best = variants.front();
  std::optional<double> best_seconds;
  for (const Modelled& m : models) {
    // Over a sample of a large batch, spread evenly and scaled to the whole (10^6 short
    // pairs asked one by one took 20 ms of a 100 ms call), on the host's threads.
    const std::size_t asked = std::min(count, kCostSample);
    const std::size_t slices = slice_count(asked, thread_count(0), 4096);
    std::vector<double> sums(slices, 0);
    std::atomic<bool> predicted{true};
    parallel_slices(asked, slices, thread_count(0), [&](std::size_t slice, std::size_t from, std::size_t to) {
      double sum = 0;  // summed apart: the slices' sums share a cache line
      for (std::size_t k = from; k < to && predicted; ++k) {
        const auto p = m(shape(k * count / asked));
        if (!p) predicted = false;
        else sum += p->seconds;
      }
      sums[slice] = sum;
    });
    double seconds = 0;
    for (const double s : sums) seconds += s * static_cast<double>(count) / static_cast<double>(asked);
    if (predicted && (!best_seconds || seconds < *best_seconds)) {
      best = m.variant;
      best_seconds = seconds;
    }
  }
  return *best;
}

std::vector<const Variant*> cheapest_each(const DeviceInfo& device, Capability capability,
                                          const std::vector<const Variant*>& variants, std::size_t count,
                                          const std::function<PairShape(std::size_t)>& shape) {
  if (variants.size() == 1) return std::vector<const Variant*>(count, variants.front());
  const std::vector<Modelled> models = modelled(device, capability, variants);
  std::vector<const Variant*> chosen(count, variants.front());
  parallel_slices(count, thread_count(0), [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
      const PairShape pair = shape(i);
      std::optional<double> best;
      for (const Modelled& m : models) {
        const auto p = m(pair);
        if (p && (!best || p->seconds < *best)) {
          best = p->seconds;
          chosen[i] = m.variant;
        }
      }
    }
  });
  return chosen;
}

}  // namespace levcl::detail
