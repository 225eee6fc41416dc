#include "mpi_chunks.hpp"

#include <cstring>

namespace levcl::tools {
namespace {

// Little helpers over a byte string: fixed-size values in host order (every rank of a job
// runs the same build), and strings with their length first.
template <typename T>
void put(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}
void put_text(std::string& out, std::string_view text) {
  put<std::uint64_t>(out, text.size());
  out.append(text);
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <typename T>
  T get() {
    T value;
    std::memcpy(&value, take(sizeof value).data(), sizeof value);
    return value;
  }
  std::string_view text() { return take(get<std::uint64_t>()); }
  std::string_view take(std::uint64_t count) {
    if (count > bytes_.size() - at_) throw Error(ErrorCode::internal, "levcl-mpi: a truncated message");
    const std::string_view out = bytes_.substr(at_, count);
    at_ += count;
    return out;
  }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace

void PairChunk::add(std::string_view a, std::string_view b) {
  constexpr std::size_t kShared = 1024;  // shorter strings are copied: cheaper than a lookup
  const auto keep = [this](std::string_view s) {
    if (s.size() >= kShared)
      if (const auto it = kept_.find(s.data()); it != kept_.end() && string(it->second) == s) return it->second;
    const auto index = static_cast<std::uint32_t>(spans_.size());
    spans_.emplace_back(text_.size(), s.size());
    text_.append(s);
    if (s.size() >= kShared) kept_[s.data()] = index;
    return index;
  };
  const std::uint32_t first = keep(a);
  pairs_.push_back({first, keep(b)});
}

std::vector<std::string_view> PairChunk::strings() const {
  std::vector<std::string_view> out;
  out.reserve(spans_.size());
  for (std::uint32_t s = 0; s < spans_.size(); ++s) out.push_back(string(s));
  return out;
}

std::string PairChunk::encode() const {
  std::string out;
  put(out, id_);
  put(out, static_cast<std::uint8_t>(kind_));
  put<std::uint64_t>(out, spans_.size());
  for (const auto& span : spans_) put(out, span.second);
  put<std::uint64_t>(out, pairs_.size());
  for (const IndexPair& p : pairs_) {
    put(out, p.a);
    put(out, p.b);
  }
  out.append(text_);
  return out;
}

PairChunk PairChunk::decode(std::string_view bytes) {
  Reader in(bytes);
  PairChunk chunk;
  chunk.id_ = in.get<std::uint64_t>();
  chunk.kind_ = static_cast<ChunkKind>(in.get<std::uint8_t>());
  std::uint64_t at = 0;
  for (std::uint64_t s = 0, count = in.get<std::uint64_t>(); s < count; ++s) {
    const auto length = in.get<std::uint64_t>();
    chunk.spans_.emplace_back(at, length);
    at += length;
  }
  for (std::uint64_t p = 0, count = in.get<std::uint64_t>(); p < count; ++p) {
    IndexPair pair;
    pair.a = in.get<std::uint32_t>();
    pair.b = in.get<std::uint32_t>();
    if (pair.a >= chunk.spans_.size() || pair.b >= chunk.spans_.size())
      throw Error(ErrorCode::internal, "levcl-mpi: a pair names no string of its chunk");
    chunk.pairs_.push_back(pair);
  }
  chunk.text_ = std::string(in.take(at));
  return chunk;
}

std::string ChunkResults::encode() const {
  std::string out;
  put(out, id);
  put(out, seconds);
  put<std::uint8_t>(out, failed);
  if (failed) {
    put(out, static_cast<std::int32_t>(code));
    put_text(out, message);
    return out;
  }
  put<std::uint64_t>(out, distances.size());
  for (const std::int64_t d : distances) put(out, d);
  put<std::uint64_t>(out, alignments.size());
  for (const Alignment& r : alignments) {
    put(out, r.distance);
    put(out, r.a_start);
    put(out, r.a_end);
    put(out, r.b_start);
    put(out, r.b_end);
    put_text(out, r.cigar);
  }
  return out;
}

ChunkResults ChunkResults::decode(std::string_view bytes) {
  Reader in(bytes);
  ChunkResults r;
  r.id = in.get<std::uint64_t>();
  r.seconds = in.get<double>();
  r.failed = in.get<std::uint8_t>() != 0;
  if (r.failed) {
    r.code = static_cast<ErrorCode>(in.get<std::int32_t>());
    r.message = std::string(in.text());
    return r;
  }
  for (std::uint64_t k = 0, count = in.get<std::uint64_t>(); k < count; ++k) r.distances.push_back(in.get<std::int64_t>());
  for (std::uint64_t k = 0, count = in.get<std::uint64_t>(); k < count; ++k) {
    Alignment a;
    a.distance = in.get<std::int64_t>();
    a.a_start = in.get<std::uint64_t>();
    a.a_end = in.get<std::uint64_t>();
    a.b_start = in.get<std::uint64_t>();
    a.b_end = in.get<std::uint64_t>();
    a.cigar = std::string(in.text());
    r.alignments.push_back(std::move(a));
  }
  return r;
}

}  // namespace levcl::tools
