// DistanceStream and AlignmentStream: chunks of pushed pairs through Context::distances or
// Context::aligns, one running while the next fills.
#include "levcl/stream.hpp"
#include "runtime/clock.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <utility>
#include <vector>

namespace levcl {

std::uint32_t PairChunk::keep(std::string_view s, bool held) {
  constexpr std::size_t kShared = 1024;  // shorter strings are copied: cheaper than a lookup
  if (s.size() >= kShared || held)
    if (const auto it = kept_.find(s.data()); it != kept_.end()) {
      const Span& span = spans_[it->second];
      if (held ? span.held == s.data() && span.length == s.size() : string(it->second) == s) return it->second;
    }
  const auto index = static_cast<std::uint32_t>(spans_.size());
  if (held) {
    spans_.push_back({s.data(), 0, s.size()});
  } else {
    spans_.push_back({nullptr, text_.size(), s.size()});
    text_.append(s);
  }
  if (s.size() >= kShared || held) kept_[s.data()] = index;
  return index;
}

void PairChunk::add(std::string_view a, std::string_view b, Held held) {
  const std::uint32_t first = keep(a, held.a);
  pairs_.push_back({first, keep(b, held.b)});
}

void PairChunk::clear() {
  text_.clear();
  spans_.clear();
  pairs_.clear();
  kept_.clear();
}

std::vector<std::string_view> PairChunk::strings() const {
  std::vector<std::string_view> out;
  out.reserve(spans_.size());
  for (std::uint32_t s = 0; s < spans_.size(); ++s) out.push_back(string(s));
  return out;
}

void ChunkSizer::ran(std::size_t pairs, double seconds) {
  const double done = static_cast<double>(pairs), elapsed = std::max(seconds, 1e-6);
  double per_pair = elapsed / std::max(done, 1.0), fixed = 0;
  if (last_pairs_ != 0 && last_pairs_ != pairs) {
    const double slope = (elapsed - last_seconds_) / (done - static_cast<double>(last_pairs_));
    // Time that does not grow with the pairs is all fixed; a fixed part below zero (a chunk
    // of harder pairs) leaves the chunk's own rate.
    if (slope <= 0) {
      per_pair = 0;
      fixed = elapsed;
    } else if (elapsed - slope * done >= 0) {
      per_pair = slope;
      fixed = elapsed - slope * done;
    }
  }
  // At most eight times the larger of this chunk and the one asked for last, which is
  // running or filling meanwhile: a stream runs one chunk while the next fills, so a bound
  // on the chunk delivered alone grew chunks eightfold only every other chunk.
  const double most = 8 * std::max(done, static_cast<double>(next_)) + 16;
  const double wanted = per_pair > 0 && seconds_ > fixed ? (seconds_ - fixed) / per_pair : most;
  next_ = static_cast<std::size_t>(std::clamp(wanted, std::max(16.0, done / 2), most));
  last_pairs_ = pairs;
  last_seconds_ = elapsed;
}

namespace {

// What both streams share: `run` computes a chunk's batch (Context::distances or aligns),
// `deliver` hands its results on in order.
template <typename Batch>
struct Chunks {
  using Run = std::function<Batch(const std::vector<std::string_view>&, const std::vector<IndexPair>&)>;
  Run run;
  std::function<void(Batch&&, const PairChunk&)> deliver_results;  // the chunk: its pairs' strings
  std::size_t chunk_bytes;
  // Chunks are cut by time as well: the first is small.
  ChunkSizer sizer;
  double running_seconds = 0;  // the running chunk's, set when it ends
  PairChunk filling, running_chunk;
  std::future<Batch> running;
  std::uint64_t pushed = 0;

  ~Chunks() {
    if (running.valid()) running.wait();  // its chunk must outlive it; its result is dropped
  }

  // Waits for the running chunk, hands its results on, and sizes the chunks to come by its rate.
  void deliver() {
    if (!running.valid()) return;
    deliver_results(running.get(), running_chunk);
    sizer.ran(running_chunk.size(), running_seconds);
  }

  // Starts the filled chunk once the one before it is delivered.
  void submit() {
    deliver();
    std::swap(running_chunk, filling);  // the chunk delivered fills next, in its memory
    filling.clear();
    if (running_chunk.empty()) return;
    running = std::async(std::launch::async, [this] {
      const auto start = std::chrono::steady_clock::now();
      Batch batch = run(running_chunk.strings(), running_chunk.pairs());
      // A first build is once, not the chunk's rate (a first chunk of the SARS-CoV-2
      // all-vs-all that built wfa_batch.cl made the two after it as small).
      running_seconds = std::max(0.0, detail::seconds_since(start) - batch.costs.build_seconds);
      return batch;
    });
  }

  void push(std::string_view a, std::string_view b, Held held) {
    filling.add(a, b, held);
    ++pushed;
    // Bounded by bytes copied, and by pairs: shared and held strings make pairs cheap in bytes.
    if (filling.bytes() >= chunk_bytes || filling.size() >= std::min(chunk_bytes / 16, sizer.pairs())) submit();
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
  impl_->chunks.deliver_results = [impl = impl_.get()](BatchResult&& r, const PairChunk&) { impl->add(std::move(r)); };
  impl_->chunks.chunk_bytes = std::max<std::size_t>(chunk_bytes, 1);
}

DistanceStream::~DistanceStream() = default;
void DistanceStream::push(std::string_view a, std::string_view b, Held held) { impl_->chunks.push(a, b, held); }
void DistanceStream::finish() { impl_->chunks.finish(); }
std::uint64_t DistanceStream::pushed() const { return impl_->chunks.pushed; }
std::uint64_t DistanceStream::delivered() const { return impl_->delivered; }
const BatchResult& DistanceStream::totals() const { return impl_->totals; }

struct AlignmentStream::Impl {
  Sink sink;
  std::uint64_t delivered = 0;
  BatchAlignment totals;
  Chunks<BatchAlignment> chunks;

  void add(BatchAlignment&& r, const PairChunk& chunk) {
    for (std::size_t i = 0; i < r.alignments.size(); ++i) sink(delivered++, chunk.a(i), chunk.b(i), r.alignments[i]);
    add_totals(totals, r);
    totals.peak_device_bytes = std::max(totals.peak_device_bytes, r.peak_device_bytes);
  }
};

AlignmentStream::AlignmentStream(Context& context, Options options, Sink sink, std::size_t chunk_bytes)
    : impl_(new Impl{std::move(sink), 0, {}, {}}) {
  impl_->chunks.run = [&context, options](const auto& strings, const auto& pairs) {
    return context.aligns(strings, pairs, options);
  };
  impl_->chunks.deliver_results = [impl = impl_.get()](BatchAlignment&& r, const PairChunk& chunk) {
    impl->add(std::move(r), chunk);
  };
  impl_->chunks.chunk_bytes = std::max<std::size_t>(chunk_bytes, 1);
}

AlignmentStream::~AlignmentStream() = default;
void AlignmentStream::push(std::string_view a, std::string_view b, Held held) { impl_->chunks.push(a, b, held); }
void AlignmentStream::finish() { impl_->chunks.finish(); }
std::uint64_t AlignmentStream::pushed() const { return impl_->chunks.pushed; }
std::uint64_t AlignmentStream::delivered() const { return impl_->delivered; }
const BatchAlignment& AlignmentStream::totals() const { return impl_->totals; }

}  // namespace levcl
