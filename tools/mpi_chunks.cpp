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

std::string ChunkMessage::encode() const {
  std::string out;
  put(out, id);
  put(out, static_cast<std::uint8_t>(kind));
  const std::vector<std::string_view> strings = pairs.strings();
  put<std::uint64_t>(out, strings.size());
  for (const std::string_view s : strings) put_text(out, s);
  put<std::uint64_t>(out, pairs.size());
  for (const IndexPair& p : pairs.pairs()) {
    put(out, p.a);
    put(out, p.b);
  }
  return out;
}

ChunkMessage ChunkMessage::decode(std::string_view bytes) {
  Reader in(bytes);
  ChunkMessage m;
  m.id = in.get<std::uint64_t>();
  m.kind = static_cast<ChunkKind>(in.get<std::uint8_t>());
  std::vector<std::string_view> strings(in.get<std::uint64_t>());
  for (std::string_view& s : strings) s = in.text();
  // Views into the message: a long string that pairs share comes from one place, and the
  // chunk keeps it once again.
  for (std::uint64_t p = 0, count = in.get<std::uint64_t>(); p < count; ++p) {
    const auto a = in.get<std::uint32_t>(), b = in.get<std::uint32_t>();
    if (a >= strings.size() || b >= strings.size())
      throw Error(ErrorCode::internal, "levcl-mpi: a pair names no string of its chunk");
    m.pairs.add(strings[a], strings[b]);
  }
  return m;
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

std::string BandRequest::encode() const {
  std::string out;
  put_text(out, variant);
  put<std::uint64_t>(out, params.size());
  for (const auto& [key, value] : params) {
    put_text(out, key);
    put(out, value);
  }
  put(out, bound);
  return out;
}

BandRequest BandRequest::decode(std::string_view bytes) {
  Reader in(bytes);
  BandRequest q;
  q.variant = std::string(in.text());
  for (std::uint64_t k = 0, count = in.get<std::uint64_t>(); k < count; ++k) {
    const std::string key(in.text());
    q.params[key] = in.get<std::int64_t>();
  }
  q.bound = in.get<std::int64_t>();
  return q;
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
