// A context's batches over several devices: chunks dealt to the devices' own contexts as
// each finishes its last (a faster device takes more), results put back in input order.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "api/context_impl.hpp"
#include "runtime/clock.hpp"
#include "runtime/log.hpp"

namespace levcl::detail {
namespace {

// Chunks per device: enough that a device finishing early takes another, few enough that
// each still fills a launch.
constexpr std::size_t kChunksPerDevice = 4;
constexpr std::uint32_t kUnplaced = ~std::uint32_t{0};

// Pairs [begin, end) of a batch with only their own strings, renumbered: a chunk packs and
// sends only what it uses.
struct DealtChunk {
  std::size_t begin = 0, end = 0;
  std::vector<std::string_view> strings;
  std::vector<IndexPair> pairs;
};

// The chunks' bounds: contiguous ranges of about equal cells (m * n), the last ending at the end.
std::vector<std::size_t> chunk_bounds(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                                      std::size_t devices) {
  const std::size_t count = std::min(pairs.size(), kChunksPerDevice * devices);
  std::vector<double> cells(pairs.size());
  double total = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i)
    total += cells[i] = std::max(1.0, static_cast<double>(strings[pairs[i].a].size()) *
                                          static_cast<double>(strings[pairs[i].b].size()));
  std::vector<std::size_t> bounds{0};
  double sum = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    sum += cells[i];
    const std::size_t chunks_left = count - (bounds.size() - 1);
    const bool room = pairs.size() - (i + 1) >= chunks_left - 1;  // every later chunk keeps a pair
    if (chunks_left > 1 && room && sum >= total * static_cast<double>(bounds.size()) / static_cast<double>(count))
      bounds.push_back(i + 1);
  }
  bounds.push_back(pairs.size());
  return bounds;
}

// Deals the chunks: a thread per device runs run(member, chunk) on each chunk it claims and
// hands the part to take(part, chunk, device) under a lock. The first error stops the
// dealing; once every device has stopped it is thrown, naming its device.
template <typename Part, typename Run, typename Take>
void deal(Context::Impl& impl, const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
          Run run, Take take) {
  const std::vector<std::size_t> bounds = chunk_bounds(strings, pairs, impl.members.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::optional<Error> failure;
  const auto work = [&](std::size_t device) {
    std::vector<std::uint32_t> placed(strings.size(), kUnplaced);  // this thread's renumbering
    try {
      for (std::size_t k; !stop && (k = next++) + 1 < bounds.size();) {
        impl.cancel.check();
        DealtChunk chunk{bounds[k], bounds[k + 1], {}, {}};
        const auto place = [&](std::uint32_t s) {
          if (placed[s] == kUnplaced) {
            placed[s] = static_cast<std::uint32_t>(chunk.strings.size());
            chunk.strings.push_back(strings[s]);
          }
          return placed[s];
        };
        for (std::size_t i = chunk.begin; i < chunk.end; ++i) chunk.pairs.push_back({place(pairs[i].a), place(pairs[i].b)});
        Part part = run(impl.members[device], chunk);
        for (std::size_t i = chunk.begin; i < chunk.end; ++i) placed[pairs[i].a] = placed[pairs[i].b] = kUnplaced;
        std::lock_guard<std::mutex> lock(mutex);
        take(std::move(part), chunk, device);
        impl.progress.add_pairs(chunk.end - chunk.begin);
      }
    } catch (const std::exception& e) {
      const Error* error = dynamic_cast<const Error*>(&e);
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure)
        failure = Error(error ? error->code() : ErrorCode::internal, "device " + impl.member_label(device) + ": " + e.what());
      stop = true;
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t d = 1; d < impl.members.size(); ++d) threads.emplace_back(work, d);
  work(0);
  for (auto& t : threads) t.join();
  if (failure) throw *failure;
}

// What the devices did: which ran a chunk, and the seconds each spent building programs
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
  // The labels of the devices that ran a chunk, ", "-separated.
  std::string labels(const Context::Impl& impl) const {
    std::string out;
    for (std::size_t d = 0; d < ran.size(); ++d)
      if (ran[d]) out += (out.empty() ? "" : ", ") + impl.member_label(d);
    return out;
  }
};

}  // namespace

BatchResult distances_over_devices(Context::Impl& impl, const std::vector<std::string_view>& strings,
                                   const std::vector<IndexPair>& pairs, const Options& options) {
  const auto start = std::chrono::steady_clock::now();
  BatchResult out;
  out.distances.assign(pairs.size(), 0);
  Devices devices(impl.members.size());
  deal<BatchResult>(
      impl, strings, pairs,
      [&](Context& member, const DealtChunk& chunk) { return member.distances(chunk.strings, chunk.pairs, options); },
      [&](BatchResult&& part, const DealtChunk& chunk, std::size_t device) {
        std::copy(part.distances.begin(), part.distances.end(), out.distances.begin() + static_cast<std::ptrdiff_t>(chunk.begin));
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
  const auto start = std::chrono::steady_clock::now();
  BatchAlignment out;
  out.alignments.resize(pairs.size());
  Devices devices(impl.members.size());
  std::vector<std::string> variants;
  deal<BatchAlignment>(
      impl, strings, pairs,
      [&](Context& member, const DealtChunk& chunk) { return member.aligns(chunk.strings, chunk.pairs, options); },
      [&](BatchAlignment&& part, const DealtChunk& chunk, std::size_t device) {
        std::move(part.alignments.begin(), part.alignments.end(), out.alignments.begin() + static_cast<std::ptrdiff_t>(chunk.begin));
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
