// DistanceStream: chunks of pushed pairs through Context::distances, one running while
// the next fills.
#include "levcl/stream.hpp"

#include <future>
#include <utility>
#include <vector>

namespace levcl {

struct DistanceStream::Impl {
  // A chunk owns its pairs' bytes in one string (no allocation per pair).
  struct Chunk {
    std::string text;
    std::vector<std::pair<std::size_t, std::size_t>> ends;  // end of a and of b in text, per pair
    std::vector<PairView> views() const {
      std::vector<PairView> out;
      out.reserve(ends.size());
      std::size_t at = 0;
      for (const auto& [a_end, b_end] : ends) {
        out.push_back({std::string_view(text).substr(at, a_end - at), std::string_view(text).substr(a_end, b_end - a_end)});
        at = b_end;
      }
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
    if (running_chunk.ends.empty()) return;
    running = std::async(std::launch::async, [this] { return context.distances(running_chunk.views(), options); });
  }
};

DistanceStream::DistanceStream(Context& context, Options options, Sink sink, std::size_t chunk_bytes)
    : impl_(new Impl{context, std::move(options), std::move(sink), std::max<std::size_t>(chunk_bytes, 1), {}, {}, {}, 0, 0, {}}) {}

DistanceStream::~DistanceStream() {
  if (impl_->running.valid()) impl_->running.wait();  // its chunk must outlive it; its result is dropped
}

void DistanceStream::push(std::string_view a, std::string_view b) {
  Impl::Chunk& chunk = impl_->filling;
  chunk.text.append(a).append(b);
  chunk.ends.emplace_back(chunk.text.size() - b.size(), chunk.text.size());
  ++impl_->pushed;
  if (chunk.text.size() >= impl_->chunk_bytes) impl_->submit();
}

void DistanceStream::finish() {
  impl_->submit();
  impl_->deliver();
}

std::uint64_t DistanceStream::pushed() const { return impl_->pushed; }
std::uint64_t DistanceStream::delivered() const { return impl_->delivered; }
const BatchResult& DistanceStream::totals() const { return impl_->totals; }

}  // namespace levcl
