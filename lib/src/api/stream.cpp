// DistanceStream and AlignmentStream: chunks of pushed pairs through Context::distances or
// Context::aligns, one running while the next fills.
#include "levcl/stream.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <unordered_map>
#include <utility>
#include <vector>

namespace levcl {
namespace {

// A chunk owns its strings' bytes in one string (no allocation per pair). A long string
// pushed again with the same bytes from the same memory (a query against many targets,
// records against each other) is kept once, so the batch call packs it once.
struct Chunk {
  static constexpr std::size_t kShared = 1024;  // shorter strings are copied: cheaper than a lookup
  std::string text;
  std::vector<std::pair<std::size_t, std::size_t>> strings;  // offset and length in text
  std::vector<IndexPair> pairs;
  std::unordered_map<const char*, std::uint32_t> kept;       // caller's memory -> string, long ones only

  std::uint32_t add(std::string_view s) {
    if (s.size() >= kShared) {
      const auto it = kept.find(s.data());
      if (it != kept.end()) {
        const auto [at, length] = strings[it->second];
        if (length == s.size() && std::string_view(text).substr(at, length) == s) return it->second;
      }
    }
    const auto index = static_cast<std::uint32_t>(strings.size());
    strings.emplace_back(text.size(), s.size());
    text.append(s);
    if (s.size() >= kShared) kept[s.data()] = index;
    return index;
  }
  std::vector<std::string_view> views() const {
    std::vector<std::string_view> out;
    out.reserve(strings.size());
    for (const auto& [at, length] : strings) out.push_back(std::string_view(text).substr(at, length));
    return out;
  }
};

// What both streams share: `run` computes a chunk's batch (Context::distances or aligns),
// `deliver` hands its results on in order.
template <typename Batch>
struct Chunks {
  using Run = std::function<Batch(const std::vector<std::string_view>&, const std::vector<IndexPair>&)>;
  Run run;
  std::function<void(Batch&&, const Chunk&)> deliver_results;  // the chunk: its pairs' strings
  std::size_t chunk_bytes;
  // Chunks are cut by time as well: the first is small, and each next one is sized from the
  // last one's rate to take about kChunkSeconds, so that results (and a progress line) come
  // every second or so however slow the pairs are, while fast pairs still fill a launch.
  static constexpr double kChunkSeconds = 0.5;
  std::size_t chunk_pairs = 256;
  double running_seconds = 0;  // the running chunk's, set when it ends
  Chunk filling, running_chunk;
  std::future<Batch> running;
  std::uint64_t pushed = 0;

  ~Chunks() {
    if (running.valid()) running.wait();  // its chunk must outlive it; its result is dropped
  }

  // Waits for the running chunk, hands its results on, and sizes the chunks to come by its rate.
  void deliver() {
    if (!running.valid()) return;
    deliver_results(running.get(), running_chunk);
    const double pairs = static_cast<double>(running_chunk.pairs.size());
    const double rate = pairs / std::max(running_seconds, 1e-3);
    chunk_pairs = static_cast<std::size_t>(std::clamp(rate * kChunkSeconds, std::max(16.0, pairs / 2), 8 * pairs + 16));
  }

  // Starts the filled chunk once the one before it is delivered.
  void submit() {
    deliver();
    running_chunk = std::move(filling);
    filling = Chunk{};
    if (running_chunk.pairs.empty()) return;
    running = std::async(std::launch::async, [this] {
      const auto start = std::chrono::steady_clock::now();
      Batch batch = run(running_chunk.views(), running_chunk.pairs);
      running_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return batch;
    });
  }

  void push(std::string_view a, std::string_view b) {
    const std::uint32_t ia = filling.add(a), ib = filling.add(b);
    filling.pairs.push_back({ia, ib});
    ++pushed;
    // Bounded by bytes held, and by pairs: shared strings make pairs cheap in bytes.
    if (filling.text.size() >= chunk_bytes || filling.pairs.size() >= std::min(chunk_bytes / 16, chunk_pairs)) submit();
  }

  void finish() {
    submit();
    deliver();
  }
};

// A chunk's totals added to the stream's (BatchResult or BatchAlignment).
template <typename Batch>
void add_totals(Batch& totals, const Batch& chunk) {
  totals.costs += chunk.costs;
  totals.device = chunk.device;
}

}  // namespace

struct DistanceStream::Impl {
  Sink sink;
  std::uint64_t delivered = 0;
  BatchResult totals;
  Chunks<BatchResult> chunks;

  void add(BatchResult&& r) {
    for (const std::int64_t d : r.distances) sink(delivered++, d);
    add_totals(totals, r);
    for (const auto& [variant, count] : r.variant_pairs) totals.variant_pairs[variant] += count;
  }
};

DistanceStream::DistanceStream(Context& context, Options options, Sink sink, std::size_t chunk_bytes)
    : impl_(new Impl{std::move(sink), 0, {}, {}}) {
  impl_->chunks.run = [&context, options](const auto& strings, const auto& pairs) {
    return context.distances(strings, pairs, options);
  };
  impl_->chunks.deliver_results = [impl = impl_.get()](BatchResult&& r, const Chunk&) { impl->add(std::move(r)); };
  impl_->chunks.chunk_bytes = std::max<std::size_t>(chunk_bytes, 1);
}

DistanceStream::~DistanceStream() = default;
void DistanceStream::push(std::string_view a, std::string_view b) { impl_->chunks.push(a, b); }
void DistanceStream::finish() { impl_->chunks.finish(); }
std::uint64_t DistanceStream::pushed() const { return impl_->chunks.pushed; }
std::uint64_t DistanceStream::delivered() const { return impl_->delivered; }
const BatchResult& DistanceStream::totals() const { return impl_->totals; }

struct AlignmentStream::Impl {
  Sink sink;
  std::uint64_t delivered = 0;
  BatchAlignment totals;
  Chunks<BatchAlignment> chunks;

  void add(BatchAlignment&& r, const Chunk& chunk) {
    const std::vector<std::string_view> strings = chunk.views();
    for (std::size_t i = 0; i < r.alignments.size(); ++i)
      sink(delivered++, strings[chunk.pairs[i].a], strings[chunk.pairs[i].b], r.alignments[i]);
    add_totals(totals, r);
    totals.peak_device_bytes = std::max(totals.peak_device_bytes, r.peak_device_bytes);
  }
};

AlignmentStream::AlignmentStream(Context& context, Options options, Sink sink, std::size_t chunk_bytes)
    : impl_(new Impl{std::move(sink), 0, {}, {}}) {
  impl_->chunks.run = [&context, options](const auto& strings, const auto& pairs) {
    return context.aligns(strings, pairs, options);
  };
  impl_->chunks.deliver_results = [impl = impl_.get()](BatchAlignment&& r, const Chunk& chunk) {
    impl->add(std::move(r), chunk);
  };
  impl_->chunks.chunk_bytes = std::max<std::size_t>(chunk_bytes, 1);
}

AlignmentStream::~AlignmentStream() = default;
void AlignmentStream::push(std::string_view a, std::string_view b) { impl_->chunks.push(a, b); }
void AlignmentStream::finish() { impl_->chunks.finish(); }
std::uint64_t AlignmentStream::pushed() const { return impl_->chunks.pushed; }
std::uint64_t AlignmentStream::delivered() const { return impl_->delivered; }
const BatchAlignment& AlignmentStream::totals() const { return impl_->totals; }

}  // namespace levcl
