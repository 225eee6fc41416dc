// Context::distances: a batch of pairs through the batch engine, the long-pair engines or
// the CPU variants on host threads.
#include <atomic>
#include <chrono>
#include <limits>

#include "context_impl.hpp"
#include "log.hpp"
#include "parallel.hpp"

namespace levcl {
namespace {

// Under "auto", pairs up to this many cells go to the batch engine, a work-item each;
// larger ones are worth a device of their own (auto's single-pair choice).
constexpr double kBatchCells = double(1 << 30);
constexpr const char* kBatchVariant = "batch-bitpar";

bool fits_batch(std::string_view a, std::string_view b) {
  return static_cast<double>(a.size()) * static_cast<double>(b.size()) <= kBatchCells;
}

}  // namespace

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

void check_batch(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs) {
  if (strings.size() > std::numeric_limits<std::uint32_t>::max())
    throw Error(ErrorCode::invalid_argument, "a batch holds at most 2^32 - 1 strings");
  for (const auto& s : strings) check_length(s, {});
  for (const auto& p : pairs)
    if (p.a >= strings.size() || p.b >= strings.size())
      throw Error(ErrorCode::invalid_argument, "a pair names string " + std::to_string(std::max(p.a, p.b)) +
                                                   " of a batch of " + std::to_string(strings.size()));
}

}  // namespace detail

BatchResult Context::distances(const std::vector<PairView>& pairs, const Options& options) {
  const detail::IndexedPairs batch = detail::indexed(pairs);
  return distances(batch.strings, batch.pairs, options);
}

BatchResult Context::distances(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                               const Options& options) {
  const bool automatic = options.variant.empty() || options.variant == "auto";
  if (!automatic) detail::resolve_params(detail::find_variant(options.variant).info, options.params);
  detail::check_batch(strings, pairs);
  BatchResult out;
  if (pairs.empty()) return out;
  const auto a_of = [&](std::size_t i) { return strings[pairs[i].a]; };
  const auto b_of = [&](std::size_t i) { return strings[pairs[i].b]; };

  std::lock_guard<std::mutex> lock(impl_->mutex);
  const unsigned threads = detail::thread_count(options.threads);
  out.distances.assign(pairs.size(), 0);
  const auto start = std::chrono::steady_clock::now();
  const auto record = [&out](const Impl::Plan& plan, const Result& r, std::size_t count) {
    out.cells += r.cells;
    out.kernel_seconds += r.kernel_seconds;
    out.build_seconds += r.build_seconds;
    out.launches += r.launches;
    out.variant_pairs[plan.variant->info.name] += count;
  };

  // The engine for the pairs a batch engine takes (under "auto", those of its size), and
  // the pairs left to run one by one.
  const Impl::Plan named = automatic ? Impl::Plan{} : impl_->plan(options.variant, options.params, {}, {});
  const Impl::Plan batch_plan = automatic ? impl_->plan(kBatchVariant, options.params, {}, {}) : named;
  std::vector<IndexPair> batched;
  std::vector<std::size_t> batched_at, singles;
  for (std::size_t i = 0; i < pairs.size(); ++i)
    if (batch_plan.variant->run_batch && (!automatic || fits_batch(a_of(i), b_of(i)))) {
      batched.push_back(pairs[i]);
      batched_at.push_back(i);
    } else {
      singles.push_back(i);
    }

  if (!batched.empty()) {
    const double built_before = batch_plan.device->build_seconds();
    BatchResult part;
    batch_plan.variant->run_batch(
        batch_plan.device,
        detail::BatchCall{strings.data(), batched.data(), batched.size(), batch_plan.params, threads, options.max_distance},
        part);
    Result r;
    r.cells = part.cells;
    r.kernel_seconds = part.kernel_seconds;
    r.launches = part.launches;
    r.build_seconds = batch_plan.device->build_seconds() - built_before;
    record(batch_plan, r, batched.size());
    for (std::size_t k = 0; k < batched.size(); ++k) {
      const std::int64_t d = part.distances[k];
      out.distances[batched_at[k]] = options.max_distance >= 0 && d > options.max_distance ? -1 : d;
    }
  }

  if (!automatic && !named.device) {
    // A CPU variant: the pairs on host threads.
    std::atomic<std::uint64_t> cells{0};
    detail::parallel_each(singles.size(), threads, [&](std::size_t k) {
      const Result r = Impl::run(named, a_of(singles[k]), b_of(singles[k]), options.max_distance);
      out.distances[singles[k]] = r.distance;
      cells += r.cells;
    });
    Result r;
    r.cells = cells;
    if (!singles.empty()) record(named, r, singles.size());
  } else {
    for (std::size_t i : singles) {
      const Impl::Plan plan = automatic ? impl_->plan(options.variant, options.params, a_of(i), b_of(i)) : named;
      const Result r = Impl::run(plan, a_of(i), b_of(i), options.max_distance);
      out.distances[i] = r.distance;
      record(plan, r, 1);
    }
  }

  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.seconds = std::max(0.0, elapsed - out.build_seconds);
  out.device = impl_->device && (automatic || named.device) ? impl_->device->info().name : "cpu";
  detail::log().info("distances of {} pairs in {:.6f} s ({} cells, {} launches, kernel {:.6f} s, build {:.3f} s)",
                     pairs.size(), out.seconds, out.cells, out.launches, out.kernel_seconds, out.build_seconds);
  return out;
}

}  // namespace levcl
