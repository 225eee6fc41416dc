// A context's batches over several devices: shares of the batch dealt to the devices' own
// contexts as each finishes its last (a faster device takes more), results put back in
// input order.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "api/context_impl.hpp"
#include "api/first_device_alone.hpp"
#include "runtime/clock.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

// Shares per device where the devices differ: enough that a faster device takes more.
// Alike devices take one share each: a share is a whole call on its device (an engine's
// probes and trials, each launch's fixed costs), so fewer, larger shares waste least.
constexpr std::size_t kSharesPerMixedDevice = 4;

// A batch whose pairs average fewer cells (m * n) than this is its host's work on a GPU
// (packing its strings, reading its results), not the device's: 10^6 pairs of 150 bp took one
// H200 18.7 ms (1.7 ms of kernel) and two 33.5 ms, each device's call of half the pairs 21-26
// ms on half the host's threads (bench/results/h200/session65). Such a batch runs on the first
// GPU alone. CPU devices take shares of any batch: its cells cost them far more than the
// host's part does.
constexpr double kHostBoundCells = double(1 << 18);

// Pairs whose cells the mean is taken over at most, spread evenly over the batch: a batch of
// 10^6 short pairs must not spend on the count what it would save.
constexpr std::size_t kCountedPairs = 4096;

// Share `index` of `count`: pairs index, index + count, index + 2 count, ... of a batch.
// Every share is a sample of the whole batch, so that shares are equal work whatever the
// pairs' order (an all-vs-all's rows run from similar genomes to divergent ones). A share
// names the batch's strings as they are: the engines pack only the strings their pairs use.
struct Share {
  std::size_t index = 0, count = 1;
  std::vector<IndexPair> pairs;
  std::size_t pair_at(std::size_t k) const { return index + k * count; }  // the batch's index of pair k
};

// The error of device `device`, named.
Error named_error(const Context::Impl& impl, std::size_t device, const std::exception& e) {
  const Error* error = dynamic_cast<const Error*>(&e);
  return Error(error ? error->code() : ErrorCode::internal, "device " + impl.member_label(device) + ": " + e.what());
}

// A batch that the first device takes alone (first_device_alone): its call there on the batch
// as it is, named as a dealt batch names its devices. Dealt as a share, a copy of 10^6 pairs
// and their results put back cost the H200 host 12 ms beside the call's 13.
template <typename Part, typename Run>
Part on_first(Context::Impl& impl, std::size_t pairs, Run run) {
  impl.cancel.check();
  Part part;
  try {
    part = run(impl.members.front());
  } catch (const std::exception& e) {
    throw named_error(impl, 0, e);
  }
  impl.progress.add_pairs(pairs);
  part.device = impl.member_label(0);
  return part;
}

// Deals the shares: a thread per device runs run(member, share, options) on each share it
// claims, the host's threads divided between the devices, and hands the part to
// take(part, share, device) under a lock. The first error stops the dealing; once every
// device has stopped it is thrown, naming its device.
template <typename Part, typename Run, typename Take>
void deal(Context::Impl& impl, const std::vector<IndexPair>& pairs, const Options& options, Run run, Take take) {
  const std::size_t devices = impl.members.size();
  const std::size_t shares = std::min(pairs.size(), devices * (impl.members_alike() ? 1 : kSharesPerMixedDevice));
  Options member_options = options;
  member_options.threads = static_cast<unsigned>(std::max<std::size_t>(1, thread_count(options.threads) / devices));
  std::atomic<std::size_t> next{devices};  // each device's first share is its own: none waits on a thread's start
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::optional<Error> failure;
  const auto start = std::chrono::steady_clock::now();
  const auto ms = [&start] { return 1e3 * seconds_since(start); };
  const auto work = [&](std::size_t device) {
    try {
      for (std::size_t s = device; !stop && s < shares; s = next++) {
        impl.cancel.check();
        Share share{s, shares, {}};
        share.pairs.reserve((pairs.size() - s + shares - 1) / shares);
        for (std::size_t i = s; i < pairs.size(); i += shares) share.pairs.push_back(pairs[i]);
        const double from = ms();
        Part part = run(impl.members[device], share, member_options);
        const double to = ms();
        std::lock_guard<std::mutex> lock(mutex);
        take(std::move(part), share, device);
        impl.progress.add_pairs(share.pairs.size());
        log().debug("device {}: share {} of {} ({} pairs) run from {:.1f} to {:.1f} ms, put back by {:.1f} ms",
                    impl.member_label(device), s, shares, share.pairs.size(), from, to, ms());
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = named_error(impl, device, e);
      stop = true;
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t d = 1; d < devices; ++d) threads.emplace_back(work, d);
  work(0);
  for (auto& t : threads) t.join();
  if (failure) throw *failure;
}

// What the devices did: which ran a share, and the seconds each spent building programs
// (the devices build side by side: the batch's seconds leave out the longest).
struct Devices {
  std::vector<bool> ran;
  std::vector<double> built;
  explicit Devices(std::size_t count) : ran(count, false), built(count, 0) {}
  void took(std::size_t device, Costs& part) {
    ran[device] = true;
    built[device] += part.build_seconds;
    part.seconds = 0;  // the batch's seconds are measured whole
  }
  double seconds_from(std::chrono::steady_clock::time_point start) const {
    const double elapsed = detail::seconds_since(start);
    return std::max(0.0, elapsed - *std::max_element(built.begin(), built.end()));
  }
  // The labels of the devices that ran a share, ", "-separated.
  std::string labels(const Context::Impl& impl) const {
    std::string out;
    for (std::size_t d = 0; d < ran.size(); ++d)
      if (ran[d]) out += (out.empty() ? "" : ", ") + impl.member_label(d);
    return out;
  }
};

}  // namespace

bool first_device_alone(bool gpus, const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs) {
  if (!gpus || pairs.empty()) return false;
  const std::size_t step = std::max<std::size_t>(1, pairs.size() / kCountedPairs);
  double cells = 0, counted = 0;
  for (std::size_t i = 0; i < pairs.size(); i += step, ++counted)
    cells += static_cast<double>(strings[pairs[i].a].size()) * static_cast<double>(strings[pairs[i].b].size());
  return cells / counted < kHostBoundCells;
}

Mailboxes::Mailboxes(std::size_t parts) : parts_(parts) {
  for (std::size_t k = 0; k < parts * parts; ++k) boxes_.push_back(std::make_unique<Box>());
}

PartLinks Mailboxes::links(std::size_t part) {
  PartLinks links;
  links.part = part;
  links.parts = parts_;
  links.send = [this, part](std::size_t to, std::string bytes) {
    Box& box = *boxes_[part * parts_ + to];
    std::lock_guard<std::mutex> lock(box.mutex);
    box.bytes.push_back(std::move(bytes));
    box.ready.notify_one();
  };
  links.receive = [this, part](std::size_t from) {
    Box& box = *boxes_[from * parts_ + part];
    std::unique_lock<std::mutex> lock(box.mutex);
    box.ready.wait(lock, [&box] { return !box.bytes.empty(); });
    std::string bytes = std::move(box.bytes.front());
    box.bytes.pop_front();
    return bytes;
  };
  return links;
}

BatchResult distances_over_devices(Context::Impl& impl, const std::vector<std::string_view>& strings,
                                   const std::vector<IndexPair>& pairs, const Options& options,
                                   const CheckedBatch& checked) {
  if (first_device_alone(impl.members_gpus(), strings, pairs))
    return on_first<BatchResult>(impl, pairs.size(), [&](Context& first) {
      return Context::Impl::of(first).distances(strings, pairs, options, checked);
    });
  // A share's pairs are not the batch's own (pair i strings 2i and 2i + 1), nor its shape
  // known; its largest cells are at most the batch's.
  const CheckedBatch share_checked{checked.largest_cells, {}};
  const auto start = std::chrono::steady_clock::now();
  BatchResult out;
  out.distances.assign(pairs.size(), 0);
  Devices devices(impl.members.size());
  deal<BatchResult>(
      impl, pairs, options,
      [&](Context& member, const Share& share, const Options& o) {
        return Context::Impl::of(member).distances(strings, share.pairs, o, share_checked);
      },
      [&](BatchResult&& part, const Share& share, std::size_t device) {
        for (std::size_t k = 0; k < part.distances.size(); ++k) out.distances[share.pair_at(k)] = part.distances[k];
        for (const auto& [variant, count] : part.variant_pairs) out.variant_pairs[variant] += count;
        devices.took(device, part.costs);
        out.costs += part.costs;
      });
  out.costs.seconds = devices.seconds_from(start);
  out.device = devices.labels(impl);
  log().info("distances of {} pairs over {} in {:.6f} s ({} cells, kernel {:.6f} s summed over the devices)", pairs.size(),
             out.device, out.costs.seconds, out.costs.cells, out.costs.kernel_seconds);
  return out;
}

BatchAlignment aligns_over_devices(Context::Impl& impl, const std::vector<std::string_view>& strings,
                                   const std::vector<IndexPair>& pairs, const Options& options) {
  if (first_device_alone(impl.members_gpus(), strings, pairs))
    return on_first<BatchAlignment>(impl, pairs.size(),
                                    [&](Context& first) { return Context::Impl::of(first).aligns(strings, pairs, options); });
  const auto start = std::chrono::steady_clock::now();
  BatchAlignment out;
  out.alignments.resize(pairs.size());
  Devices devices(impl.members.size());
  std::vector<std::string> variants;
  deal<BatchAlignment>(
      impl, pairs, options,
      [&](Context& member, const Share& share, const Options& o) {
        return Context::Impl::of(member).aligns(strings, share.pairs, o);
      },
      [&](BatchAlignment&& part, const Share& share, std::size_t device) {
        for (std::size_t k = 0; k < part.alignments.size(); ++k) out.alignments[share.pair_at(k)] = std::move(part.alignments[k]);
        if (std::find(variants.begin(), variants.end(), part.variant) == variants.end()) {
          variants.push_back(part.variant);
          out.variant += (out.variant.empty() ? "" : ", ") + part.variant;
        }
        if (out.params.empty()) out.params = part.params;
        devices.took(device, part.costs);
        out.costs += part.costs;
        out.peak_device_bytes = std::max(out.peak_device_bytes, part.peak_device_bytes);
      });
  out.costs.seconds = devices.seconds_from(start);
  out.device = devices.labels(impl);
  return out;
}

}  // namespace levcl::detail
