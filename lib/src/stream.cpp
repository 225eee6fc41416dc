// DistanceStream: chunks of pushed pairs through Context::distances, one running while
// the next fills.
#include "levcl/stream.hpp"

#include <future>
#include <unordered_map>
#include <utility>
#include <vector>

namespace levcl {

struct DistanceStream::Impl {
  // A chunk owns its strings' bytes in one string (no allocation per pair). A long string
  // pushed again with the same bytes from the same memory (a query against many targets,
  // records against each other) is kept once, so Context::distances packs it once.
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

  Context& context;
  Options options;
  Sink sink;
  std::size_t chunk_bytes;
  Chunk filling, running_chunk;
  std::future<BatchResult> running;
  std::uint64_t pushed = 0, delivered = 0;
  BatchResult totals;

  // Waits for the running chunk and hands its results to the sink.
  void deliver() {
    if (!running.valid()) return;
    const BatchResult r = running.get();
    for (const std::int64_t d : r.distances) sink(delivered++, d);
    totals.cells += r.cells;
    totals.seconds += r.seconds;
    totals.build_seconds += r.build_seconds;
    totals.kernel_seconds += r.kernel_seconds;
    totals.launches += r.launches;
    totals.device = r.device;
    for (const auto& [variant, count] : r.variant_pairs) totals.variant_pairs[variant] += count;
  }

  // Starts the filled chunk once the one before it is delivered.
  void submit() {
    deliver();
    running_chunk = std::move(filling);
    filling = Chunk{};
    if (running_chunk.pairs.empty()) return;
    running = std::async(std::launch::async,
                         [this] { return context.distances(running_chunk.views(), running_chunk.pairs, options); });
  }
};

DistanceStream::DistanceStream(Context& context, Options options, Sink sink, std::size_t chunk_bytes)
    : impl_(new Impl{context, std::move(options), std::move(sink), std::max<std::size_t>(chunk_bytes, 1), {}, {}, {}, 0, 0, {}}) {}

DistanceStream::~DistanceStream() {
  if (impl_->running.valid()) impl_->running.wait();  // its chunk must outlive it; its result is dropped
}

void DistanceStream::push(std::string_view a, std::string_view b) {
  Impl::Chunk& chunk = impl_->filling;
  const std::uint32_t ia = chunk.add(a), ib = chunk.add(b);
  chunk.pairs.push_back({ia, ib});
  ++impl_->pushed;
  // Bounded by bytes held, and by pairs: shared strings make pairs cheap in bytes.
  if (chunk.text.size() >= impl_->chunk_bytes || chunk.pairs.size() >= impl_->chunk_bytes / 16) impl_->submit();
}

void DistanceStream::finish() {
  impl_->submit();
  impl_->deliver();
}

std::uint64_t DistanceStream::pushed() const { return impl_->pushed; }
std::uint64_t DistanceStream::delivered() const { return impl_->delivered; }
const BatchResult& DistanceStream::totals() const { return impl_->totals; }

}  // namespace levcl
