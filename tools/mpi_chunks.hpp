// What levcl-mpi's ranks send each other, as bytes: a chunk of pairs (each string once,
// however many of its pairs use it) from rank 0 to a worker, and the chunk's results back.
// No MPI here: the bytes go through whatever carries them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::tools {

enum class ChunkKind : std::uint8_t { distances = 0, alignments = 1 };

// A chunk being filled on rank 0, and as a worker reads it: its strings end to end, and
// its pairs as indices into them.
class PairChunk {
 public:
  PairChunk() = default;
  PairChunk(std::uint64_t id, ChunkKind kind) : id_(id), kind_(kind) {}

  // Copies a pair in. A string of 1 KiB or more pushed again from the same memory with the
  // same bytes (a query against many targets, records against each other) is kept once.
  void add(std::string_view a, std::string_view b);

  std::uint64_t id() const { return id_; }
  ChunkKind kind() const { return kind_; }
  std::size_t size() const { return pairs_.size(); }  // pairs
  std::size_t bytes() const { return text_.size(); }
  std::vector<std::string_view> strings() const;
  const std::vector<IndexPair>& pairs() const { return pairs_; }
  std::string_view a(std::size_t pair) const { return string(pairs_[pair].a); }
  std::string_view b(std::size_t pair) const { return string(pairs_[pair].b); }

  std::string encode() const;
  static PairChunk decode(std::string_view bytes);  // throws internal on a malformed message

 private:
  std::string_view string(std::uint32_t s) const { return std::string_view(text_).substr(spans_[s].first, spans_[s].second); }
  std::uint64_t id_ = 0;
  ChunkKind kind_ = ChunkKind::distances;
  std::string text_;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans_;  // offset and length in text_
  std::vector<IndexPair> pairs_;
  std::unordered_map<const char*, std::uint32_t> kept_;  // the caller's memory -> string, rank 0 only
};

// A chunk's results: a distance a pair, or an alignment a pair (distance, CIGAR, ranges),
// and the seconds the worker took; or the error that stopped it.
struct ChunkResults {
  std::uint64_t id = 0;
  double seconds = 0;
  std::vector<std::int64_t> distances;
  std::vector<Alignment> alignments;
  bool failed = false;
  ErrorCode code = ErrorCode::internal;
  std::string message;

  std::string encode() const;
  static ChunkResults decode(std::string_view bytes);  // throws internal on a malformed message
};

}  // namespace levcl::tools
