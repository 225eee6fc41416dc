// What levcl-mpi's ranks send each other, as bytes: a chunk of pairs (each string once,
// however many of its pairs use it) from rank 0 to a worker, and the chunk's results back;
// for one long pair spread over the ranks, each band asked of every rank.
// No MPI here: the bytes go through whatever carries them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "levcl/levcl.hpp"
#include "levcl/stream.hpp"

namespace levcl::tools {

enum class ChunkKind : std::uint8_t { distances = 0, alignments = 1 };

// A chunk as rank 0 sends it: its id (chunks are numbered from 0 in input order), what to
// compute, and its pairs (levcl::PairChunk: each string once).
struct ChunkMessage {
  std::uint64_t id = 0;
  ChunkKind kind = ChunkKind::distances;
  PairChunk pairs;

  std::string encode() const;
  static ChunkMessage decode(std::string_view bytes);  // throws internal on a malformed message
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

// Rank 0 asks every rank for its share of a band of the pair it sent (Context::RowParts'
// arguments); the shares' answers go through the ranks' PartLinks.
struct BandRequest {
  std::string variant;
  Params params;
  std::int64_t bound = 0;

  std::string encode() const;
  static BandRequest decode(std::string_view bytes);  // throws internal on a malformed message
};

}  // namespace levcl::tools
