// Context::distances: a batch of pairs through a batch engine, single-pair engines or the
// CPU variants on host threads.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>

#include "api/context_impl.hpp"
#include "runtime/clock.hpp"
#include "api/input_rules.hpp"
#include "engines/registry.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"
#include "tuning/choice.hpp"

namespace levcl {
namespace detail {

IndexedPairs indexed(const std::vector<PairView>& pairs) {
  // Nothing shared, nothing to look up.
  IndexedPairs out;
  out.strings.reserve(2 * pairs.size());
  out.pairs.reserve(pairs.size());
  for (const auto& p : pairs) {
    out.pairs.push_back({static_cast<std::uint32_t>(out.strings.size()), static_cast<std::uint32_t>(out.strings.size() + 1)});
    out.strings.push_back(p.a);
    out.strings.push_back(p.b);
  }
  return out;
}

CheckedBatch check_batch(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                         unsigned threads) {
  if (strings.size() > std::numeric_limits<std::uint32_t>::max())
    throw Error(ErrorCode::invalid_argument, "a batch holds at most 2^32 - 1 strings");
  // One pass over the pairs on the host's threads, each string's length read through them:
  // 10^6 pairs are 2 * 10^6 strings to look at before any work. Each slice's findings kept
  // apart until the end: the slices' neighbouring results would share a cache line.
  struct alignas(64) Found {
    std::uint32_t most = 0;
    std::size_t shortest = SIZE_MAX, longest = 0;
    double cells = 0;
    bool own = true;
  };
  const auto slices = slice_count(pairs.size(), threads, 65536);
  std::vector<Found> found(slices);
  parallel_slices(pairs.size(), slices, threads, [&](std::size_t slice, std::size_t from, std::size_t to) {
    Found mine;
    for (std::size_t i = from; i < to; ++i) {
      const IndexPair p = pairs[i];
      mine.most = std::max({mine.most, p.a, p.b});
      mine.own = mine.own && p.a == 2 * i && p.b == 2 * i + 1;
      if (std::max(p.a, p.b) < strings.size()) {
        const std::size_t m = strings[p.a].size(), n = strings[p.b].size();
        mine.shortest = std::min({mine.shortest, m, n});
        mine.longest = std::max({mine.longest, m, n});
        mine.cells = std::max(mine.cells, static_cast<double>(m) * static_cast<double>(n));
      }
    }
    found[slice] = mine;
  });
  Found all;
  for (const Found& f : found) {
    all.most = std::max(all.most, f.most);
    all.shortest = std::min(all.shortest, f.shortest);
    all.longest = std::max(all.longest, f.longest);
    all.cells = std::max(all.cells, f.cells);
    all.own = all.own && f.own;
  }
  if (!pairs.empty() && all.most >= strings.size())
    throw Error(ErrorCode::invalid_argument, "a pair names string " + std::to_string(all.most) + " of a batch of " +
                                                 std::to_string(strings.size()));
  check_length(all.longest);
  CheckedBatch out;
  out.largest_cells = all.cells;
  if (!pairs.empty())
    out.shape = {all.own, static_cast<std::int64_t>(all.shortest), static_cast<std::int64_t>(all.longest)};
  return out;
}

}  // namespace detail

BatchResult Context::distances(const std::vector<PairView>& pairs, const Options& options) {
  const detail::IndexedPairs batch = detail::indexed(pairs);
  return distances(batch.strings, batch.pairs, options);
}

namespace {

// The pairs of a batch split between the batch engine and the pairs run one by one.
struct Split {
  std::vector<IndexPair> batched, above_trial;  // the latter: tried, and above the trial's bound
  std::vector<std::size_t> batched_at, above_trial_at, singles;
};

}  // namespace

BatchResult Context::distances(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                               const Options& options) {
  check_options(options, Capability::batch);
  const detail::CheckedBatch checked = detail::check_batch(strings, pairs, detail::thread_count(options.threads));
  if (detail::has_input_rules(options)) {
    const detail::RuledBatch ruled = detail::apply_input_rules(options, strings, pairs);
    return distances(ruled.strings, ruled.pairs, detail::without_input_rules(options));
  }
  return impl_->distances(strings, pairs, options, checked);
}

BatchResult Context::Impl::distances(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                                     const Options& options, const detail::CheckedBatch& checked) {
  const bool automatic = detail::is_automatic(options.variant);
  const double largest_cells = checked.largest_cells;
  BatchResult out;
  if (pairs.empty()) return out;
  if (!members.empty()) {
    std::lock_guard<std::mutex> lock(mutex);
    const auto metered = start_call(pairs.size());
    return detail::distances_over_devices(*this, strings, pairs, options, checked);
  }
  const auto a_of = [&](std::size_t i) { return strings[pairs[i].a]; };
  const auto b_of = [&](std::size_t i) { return strings[pairs[i].b]; };

  std::lock_guard<std::mutex> lock(mutex);
  const auto metered = start_call(pairs.size());
  const unsigned threads = detail::thread_count(options.threads);
  // The results, made where pairs are put in place one by one: a batch engine that takes
  // every pair makes its own (10^6 of them zeroed for nothing cost milliseconds).
  const auto in_place = [&out, &pairs] {
    if (out.distances.empty()) out.distances.assign(pairs.size(), 0);
  };
  const auto start = std::chrono::steady_clock::now();
  const auto record = [&out](const Impl::Plan& plan, const Costs& costs, std::size_t count) {
    out.costs += costs;
    if (count > 0) out.variant_pairs[plan.variant->info.name] += count;
  };
  // `batched` through a batch engine, up to `k`, each distance known to be at least
  // `least`, of `shape` (what check_batch found of the call's pairs, where they are all of
  // them); its build time in its costs.
  const auto run_batch = [&](const Impl::Plan& plan, const std::vector<IndexPair>& batched, std::int64_t k,
                             std::int64_t least, const detail::BatchShape& shape = {}) {
    const double built_before = plan.device->build_seconds();
    BatchResult part;
    plan.variant->batch.run(
        plan.device,
        detail::BatchCall{strings.data(), batched.data(), batched.size(), plan.params, threads, k, least, shape}, part);
    part.costs.build_seconds = plan.device->build_seconds() - built_before;
    return part;
  };

  // Under auto on a GPU, long pairs first go through a wavefront batch engine, bounded: the
  // similar ones end there. A probe of a few of them, spread over the batch, goes first:
  // where most end above the bound, the others are not tried (10^5 pairs of 10 kbp at 90%
  // would pay for packing 2 GB twice).
  std::vector<bool> found(pairs.size(), false);
  std::size_t found_count = 0;    // counted, not looked for: 10^6 bits one by one take a millisecond
  std::vector<bool> trial_tried;  // by the trial, or known above its bound (those not found: above it)
  std::int64_t above_trial = 0;   // what those are known to be at least
  if (automatic) {
    const auto begun = std::chrono::steady_clock::now();
    const detail::WavefrontTrial trial =
        detail::wavefront_trial(open().info(), strings, pairs, options.max_distance, largest_cells, threads);
    if (!trial.above.empty()) {
      trial_tried.assign(pairs.size(), false);
      for (const std::size_t i : trial.above) trial_tried[i] = true;
      above_trial = trial.bound + 1;
      detail::log().debug("wavefront trial: {} long pairs known above {} untried, found in {:.1f} ms", trial.above.size(),
                          trial.bound, 1e3 * detail::seconds_since(begun));
    }
    if (trial.engine && !trial.pairs.empty()) {
      const Impl::Plan plan = this->plan(trial.engine->info.name, Capability::batch, options.params);
      const auto run_trial = [&](const std::vector<std::size_t>& indices) {
        std::vector<IndexPair> tried;
        for (const std::size_t i : indices) tried.push_back(pairs[i]);
        const BatchResult part = run_batch(plan, tried, trial.bound, 0);
        in_place();
        if (trial_tried.empty()) trial_tried.assign(pairs.size(), false);
        for (const std::size_t i : indices) trial_tried[i] = true;
        std::size_t ended = 0;
        for (std::size_t k = 0; k < tried.size(); ++k)
          if (part.distances[k] <= trial.bound) {
            out.distances[indices[k]] = part.distances[k];
            found[indices[k]] = true;
            ++ended;
            ++found_count;
          }
        record(plan, part.costs, ended);
        progress.retract_pairs(tried.size() - ended);  // counted again where they end
        detail::log().debug("wavefront trial: {} of {} long pairs within {}", ended, tried.size(), trial.bound);
        return ended;
      };
      constexpr std::size_t kProbe = 64;
      std::vector<std::size_t> probe, rest;
      const std::size_t stride = trial.pairs.size() > 2 * kProbe ? trial.pairs.size() / kProbe : 1;
      for (std::size_t k = 0; k < trial.pairs.size(); ++k)
        (stride > 1 && k % stride != 0 ? rest : probe).push_back(trial.pairs[k]);
      if (2 * run_trial(probe) >= probe.size() && !rest.empty()) run_trial(rest);
      above_trial = trial.bound + 1;
    }
  }

  // The engine for the pairs a batch engine takes: the named variant's own when it has
  // one; under auto, the batch engine predicted fastest for the pairs the trial left, which
  // keeps every one of them but those predicted to finish sooner alone.
  const Impl::Plan named = automatic ? Impl::Plan{}
                                     : this->plan(options.variant, detail::batch_capability(options.variant), options.params);
  Impl::Plan batch_plan = named;
  std::vector<bool> alone;  // empty where none is
  if (automatic) {
    // Routed: the pairs the trial left (where it ended none: every pair, with no copy).
    // The trial goes first: a pair it ends needs no prediction (1,000 pairs of 100 kbp at
    // 99.5% on the H100: their routing took 0.74 s, the trial ended them all in 10 ms).
    const bool any_found = found_count > 0;
    std::vector<IndexPair> left;
    std::vector<std::size_t> left_at;
    if (any_found)
      for (std::size_t i = 0; i < pairs.size(); ++i)
        if (!found[i]) {
          left.push_back(pairs[i]);
          left_at.push_back(i);
        }
    const std::vector<IndexPair>& routed = any_found ? left : pairs;
    const DeviceInfo& device = open().info();
    const auto engines = detail::variants_with(Capability::batch);
    if (!engines.empty() && !routed.empty()) {
      const auto begun = std::chrono::steady_clock::now();
      const detail::Variant& engine = detail::cheapest(device, Capability::batch, engines, routed.size(), [&](std::size_t i) {
        return detail::PairShape{static_cast<double>(strings[routed[i].a].size()),
                                 static_cast<double>(strings[routed[i].b].size())};
      });
      const double chosen_ms = 1e3 * detail::seconds_since(begun);
      batch_plan = this->plan(engine.info.name, Capability::batch, options.params);
      const std::vector<std::size_t> routed_alone =
          detail::run_alone(device, engine, batch_plan.params, strings, routed, threads, largest_cells);
      if (!routed_alone.empty()) alone.assign(pairs.size(), false);
      for (const std::size_t k : routed_alone) alone[any_found ? left_at[k] : k] = true;
      detail::log().debug("auto: {} for the {} pairs left, chosen in {:.1f} ms; {} pairs alone, in {:.1f} ms",
                          engine.info.name, routed.size(), chosen_ms, routed_alone.size(),
                          1e3 * detail::seconds_since(begun) - chosen_ms);
    }
  }
  const bool batching = batch_plan.variant && batch_plan.variant->info.can(Capability::batch);
  const auto over_k = [&options](std::int64_t d) { return options.max_distance >= 0 && d > options.max_distance ? -1 : d; };
  const bool all_batched = batching && found_count == 0 && alone.empty();
  Split split;
  if (all_batched) {  // the common case, without copies of the pairs (10^6 short pairs: milliseconds)
    BatchResult part = run_batch(batch_plan, pairs, options.max_distance, 0, checked.shape);
    record(batch_plan, part.costs, pairs.size());
    out.distances = std::move(part.distances);
    if (options.max_distance >= 0)
      detail::parallel_slices(pairs.size(), threads, [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) out.distances[i] = over_k(out.distances[i]);
      });
  } else {
    in_place();
    for (std::size_t i = 0; i < pairs.size(); ++i)
      if (found[i]) {
        continue;
      } else if (batching && (alone.empty() || !alone[i])) {
        const bool above = !trial_tried.empty() && trial_tried[i];
        (above ? split.above_trial : split.batched).push_back(pairs[i]);
        (above ? split.above_trial_at : split.batched_at).push_back(i);
      } else {
        split.singles.push_back(i);
      }
  }

  const auto run_batched = [&](const std::vector<IndexPair>& batched, const std::vector<std::size_t>& at,
                                std::int64_t least) {
    if (batched.empty()) return;
    const BatchResult part = run_batch(batch_plan, batched, options.max_distance, least);
    record(batch_plan, part.costs, batched.size());
    for (std::size_t k = 0; k < batched.size(); ++k) out.distances[at[k]] = over_k(part.distances[k]);
  };
  run_batched(split.batched, split.batched_at, 0);
  // The pairs the trial found above its bound start there (a batch engine's bands would
  // otherwise double up to it, a pass each: in a stream's small chunks, most of their time).
  run_batched(split.above_trial, split.above_trial_at, above_trial);

  if (!automatic && !named.device) {
    // A CPU variant: the pairs on host threads.
    std::atomic<std::uint64_t> cells{0};
    detail::parallel_each(split.singles.size(), threads, [&](std::size_t k) {
      cancel.check();
      const Result r = Impl::run(named, {a_of(split.singles[k]), b_of(split.singles[k])}, options.max_distance);
      out.distances[split.singles[k]] = r.distance;
      cells += r.costs.cells;
      progress.add_pairs(1);
    });
    Costs costs;
    costs.cells = cells;
    if (!split.singles.empty()) record(named, costs, split.singles.size());
  } else {
    for (std::size_t i : split.singles) {
      // A pair alone is as much of the call as each of the others: its own progress counts within it.
      const double share = 1.0 / static_cast<double>(pairs.size());
      progress.begin_part(static_cast<double>(progress.read().pairs_done) * share, share);
      const detail::DivergenceSample pair(a_of(i), b_of(i));
      const Impl::Plan plan = automatic ? this->plan(options.variant, Capability::distance, options.params, &pair) : named;
      const Result r = Impl::run(plan, pair, options.max_distance);
      out.distances[i] = r.distance;
      progress.add_pairs(1);
      Costs costs = r.costs;
      costs.seconds = 0;  // the batch's seconds are measured whole, below
      record(plan, costs, 1);
    }
  }

  const double elapsed = detail::seconds_since(start);
  out.costs.seconds = std::max(0.0, elapsed - out.costs.build_seconds);
  out.device = device && (automatic || named.device) ? device->info().name : "cpu";
  detail::log().info("distances of {} pairs in {:.6f} s ({} cells, {} launches, kernel {:.6f} s, build {:.3f} s)",
                     pairs.size(), out.costs.seconds, out.costs.cells, out.costs.launches, out.costs.kernel_seconds,
                     out.costs.build_seconds);
  return out;
}

}  // namespace levcl
