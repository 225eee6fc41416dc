// Streaming batches: pairs go in one at a time, distances come back in the same order,
// and memory stays bounded by the chunk size however many pairs pass through.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl {

// A chunk of pairs as the streams gather them (and levcl-mpi deals them): their bytes
// copied into one buffer, no allocation per pair; a string of 1 KiB or more pushed again
// from the same memory with the same bytes (a query against many targets, records against
// each other) is kept once, so that a batch engine packs it once. A held string (Held) is
// kept once by its memory alone, with no copy and no comparison of its bytes (comparing
// them took an all-vs-all of 418 genomes of 30 kbp 0.12 s a chunk of 30,000 pairs).
class LEVCL_API PairChunk {
 public:
  void add(std::string_view a, std::string_view b, Held held = {});
  // Empties it, keeping its memory for the next chunk (a fresh 64 MiB buffer costs its
  // page faults again, a third of the time a chunk of 10 kbp reads took to gather).
  void clear();
  std::size_t size() const { return pairs_.size(); }  // pairs
  std::size_t bytes() const { return text_.size(); }  // of sequence copied
  bool empty() const { return pairs_.empty(); }
  std::vector<std::string_view> strings() const;       // each once; valid while the chunk lives
  const std::vector<IndexPair>& pairs() const { return pairs_; }  // into strings()
  std::string_view a(std::size_t pair) const { return string(pairs_[pair].a); }
  std::string_view b(std::size_t pair) const { return string(pairs_[pair].b); }

 private:
  std::uint32_t keep(std::string_view s, bool held);
  struct Span {
    const char* held;  // the caller's memory, or null: at offset in text_
    std::size_t offset, length;
  };
  std::string_view string(std::uint32_t s) const {
    const Span& span = spans_[s];
    return span.held ? std::string_view(span.held, span.length) : std::string_view(text_).substr(span.offset, span.length);
  }
  std::string text_;
  std::vector<Span> spans_;
  std::vector<IndexPair> pairs_;
  std::unordered_map<const char*, std::uint32_t> kept_;     // the caller's memory -> string, long ones only
};

// The pairs of a stream's chunks: about `seconds` of work each, so that results come every
// second or so however slow the pairs, while fast pairs still fill a launch. A chunk's time
// is a fixed part (its launches and waits, its longest pair's chain: about 50 ms a chunk of
// the SARS-CoV-2 all-vs-all on the H100, whether of 256 pairs or 16,000) and a part per
// pair, both fitted to the last two chunks of different sizes (one chunk: all of it per
// pair), so that chunks grow past the fixed part. The first chunk has `first` pairs, each
// next one at least half the last one's and at most eight times (plus 16) the larger of
// the last one and the one asked for before it.
class LEVCL_API ChunkSizer {
 public:
  ChunkSizer() : ChunkSizer(256) {}
  explicit ChunkSizer(std::size_t first, double seconds = 0.5) : seconds_(seconds), next_(first) {}
  std::size_t pairs() const { return next_; }  // the next chunk's
  void ran(std::size_t pairs, double seconds);  // a chunk's pairs and time

 private:
  double seconds_;
  std::size_t next_;
  std::size_t last_pairs_ = 0;  // the last chunk's (0: none yet)
  double last_seconds_ = 0;
};

class LEVCL_API DistanceStream {
 public:
  // Called once per pair, in the order the pairs were pushed, on the thread that calls
  // push() or finish(): index counts the pushed pairs from 0; distance is -1 where it is
  // larger than options.max_distance.
  using Sink = std::function<void(std::uint64_t index, std::int64_t distance)>;

  // Pairs are gathered into chunks of about chunk_bytes of sequence and at most
  // chunk_bytes / 16 pairs (or a single pair when one pair is larger), and of about half a
  // second of work: the first chunk is small, each next one sized from the rate of the one
  // before, so results come as pairs finish, every second or so. A full chunk runs through
  // Context::distances while the next fills, so at most two chunks are held at once.
  DistanceStream(Context& context, Options options, Sink sink, std::size_t chunk_bytes = std::size_t{64} << 20);
  ~DistanceStream();  // drops what was not finished: call finish() to get every result
  DistanceStream(const DistanceStream&) = delete;
  DistanceStream& operator=(const DistanceStream&) = delete;

  // Copies the pair into the chunk being filled (the caller's strings may go at once). A
  // string of 1 KiB or more pushed again from the same memory with the same bytes is kept
  // once per chunk, and the device engine packs it once: one query against many targets,
  // or records against each other, cost their strings once, not once per pair. Strings
  // the caller holds until finish() (Held) are viewed, not copied.
  void push(std::string_view a, std::string_view b, Held held = {});
  // Runs what is left and delivers every remaining result. Errors of any chunk are thrown
  // from push() or finish(), after the results of the chunks before it were delivered.
  void finish();

  std::uint64_t pushed() const;     // pairs pushed so far
  std::uint64_t delivered() const;  // results given to the sink so far
  // Totals of the chunks run so far (distances left empty).
  const BatchResult& totals() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// The same for alignments (Context::aligns): each pair's Alignment to the sink, in order,
// with the pair's strings (views valid during the call).
class LEVCL_API AlignmentStream {
 public:
  using Sink = std::function<void(std::uint64_t index, std::string_view a, std::string_view b, const Alignment& alignment)>;
  // Chunks as DistanceStream's; options as Context::align's.
  AlignmentStream(Context& context, Options options, Sink sink, std::size_t chunk_bytes = std::size_t{64} << 20);
  ~AlignmentStream();
  AlignmentStream(const AlignmentStream&) = delete;
  AlignmentStream& operator=(const AlignmentStream&) = delete;

  void push(std::string_view a, std::string_view b, Held held = {});
  void finish();
  std::uint64_t pushed() const;
  std::uint64_t delivered() const;
  const BatchAlignment& totals() const;  // alignments left empty

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace levcl
