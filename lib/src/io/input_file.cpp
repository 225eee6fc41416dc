#include "io/input_file.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "levcl/levcl.hpp"

namespace levcl::detail {
namespace {

constexpr std::size_t kFillSize = std::size_t{1} << 20;
// The longest line a pairs file may hold: two sequences of the longest length and more.
constexpr std::size_t kMaxLine = 2 * max_string_length + 4096;

// The C locale's isspace, without depending on the process locale.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// A header's name: its first word, after the marker and any blanks.
std::string_view first_word(std::string_view header) {
  std::size_t begin = 1;
  while (begin < header.size() && is_space(header[begin])) ++begin;
  std::size_t end = begin;
  while (end < header.size() && !is_space(header[end])) ++end;
  return header.substr(begin, end - begin);
}

// A sequence line's bytes but its blanks. Lines without blanks (nearly all) whole: no byte
// below 0x21 (every blank is one), tested eight at a time (a byte at a time, the test took
// most of the read).
void append_without_blanks(std::string& to, std::string_view line) {
  const auto below_0x21 = [](std::uint64_t x) {
    constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
    return ((x - 0x21 * ones) & ~x & highs) != 0;
  };
  bool blanks = false;
  std::size_t i = 0;
  for (std::uint64_t word; !blanks && i + 8 <= line.size(); i += 8) {
    std::memcpy(&word, line.data() + i, 8);
    blanks = below_0x21(word);
  }
  for (; !blanks && i < line.size(); ++i) blanks = is_space(line[i]);
  if (!blanks) {
    to.append(line);
    return;
  }
  for (const char c : line)
    if (!is_space(c)) to += c;
}

}  // namespace

InputFile::InputFile(const std::string& path) : name_(path == "-" ? "<stdin>" : path), stream_(path) {}

void InputFile::fail(const std::string& reason) const {
  std::string where = name_;
  if (format_ == InputFormat::raw && lines_ > 0) where += ":" + std::to_string(lines_);
  throw Error(ErrorCode::bad_input, where + ": " + reason);
}

bool InputFile::fill() {
  if (ended_) return false;
  const std::size_t used = buffer_.size();
  buffer_.resize(used + kFillSize);
  std::size_t n = 0;
  try {
    n = stream_.read(&buffer_[used], kFillSize);
  } catch (const Error& e) {
    buffer_.resize(used);
    fail(e.what());
  }
  buffer_.resize(used + n);
  ended_ = n == 0;
  return n > 0;
}

void InputFile::compact() {
  // Only once at least half the buffer is read: erasing each line as it was read moved the
  // rest of the buffer every line (a pairs file of 150 bp lines spent more time there than
  // cpu-bitpar spent on its pairs).
  if (consumed_ < buffer_.size() / 2) return;
  buffer_.erase(0, consumed_);
  consumed_ = 0;
}

std::size_t InputFile::line_end(std::size_t from) const {
  // memchr, the C library's vectorised scan, for LF and then for a CR before it: a loop
  // over the bytes read 10 kbp FASTA lines at a third of the speed.
  const char* begin = buffer_.data() + from;
  const std::size_t size = buffer_.size() - from;
  const void* lf = std::memchr(begin, '\n', size);
  const std::size_t to_lf = lf ? static_cast<std::size_t>(static_cast<const char*>(lf) - begin) : size;
  const void* cr = std::memchr(begin, '\r', to_lf);
  return from + (cr ? static_cast<std::size_t>(static_cast<const char*>(cr) - begin) : to_lf);
}

bool InputFile::line_at(std::size_t& at, Span& line) {
  std::size_t end = at;
  for (;;) {
    end = line_end(end);
    if (end < buffer_.size()) break;
    if (end - at > kMaxLine) fail("a line longer than " + std::to_string(kMaxLine) + " bytes");
    if (!fill()) break;
  }
  if (end == at && end == buffer_.size()) return false;
  line = {at, end};
  at = end;
  if (at < buffer_.size()) {  // the line's end: LF, CR, or CR LF
    const bool cr = buffer_[at++] == '\r';
    if (cr && at == buffer_.size()) fill();
    if (cr && at < buffer_.size() && buffer_[at] == '\n') ++at;
  }
  return true;
}

InputFormat InputFile::format() {
  if (formatted_) return format_;
  formatted_ = true;
  for (;;) {
    while (consumed_ < buffer_.size() && is_space(buffer_[consumed_])) blanks_ += buffer_[consumed_++];
    if (consumed_ < buffer_.size() || !fill()) break;
    compact();
  }
  if (consumed_ < buffer_.size() && buffer_[consumed_] == '>') {
    format_ = InputFormat::fasta;
  } else if (consumed_ < buffer_.size() && buffer_[consumed_] == '@') {
    // FASTQ only if its first record is one; the look ahead consumes nothing.
    std::size_t at = consumed_;
    if (fastq_record(at, nullptr)) format_ = InputFormat::fastq;
  }
  return format_;
}

std::string InputFile::rest() {
  format();
  std::string data = blanks_;
  if (stream_.size_hint() > data.size()) data.reserve(std::min(stream_.size_hint(), max_string_length) + 1);
  const auto take = [&] {
    if (data.size() + (buffer_.size() - consumed_) > max_string_length)
      throw Error(ErrorCode::input_too_long, name_ + ": longer than " + std::to_string(max_string_length) +
                                                 " bytes, the most levcl's 32-bit offsets allow");
    data.append(buffer_, consumed_, std::string::npos);
    buffer_.clear();
    consumed_ = 0;
  };
  take();
  while (fill()) take();
  return data;
}

bool InputFile::at_end() {
  format();
  return consumed_ == buffer_.size() && !fill();
}

void InputFile::append_sequence(std::string_view line) {
  append_without_blanks(record_sequence_, line);
  if (record_sequence_.size() > max_string_length)
    throw Error(ErrorCode::input_too_long, name_ + ": record " + std::to_string(records_) + " is longer than " +
                                               std::to_string(max_string_length) +
                                               " bytes, the most levcl's 32-bit offsets allow");
}

bool InputFile::fasta_record(std::size_t& at) {
  Span line{};
  do {  // blank lines before the header
    if (!line_at(at, line)) return false;
  } while (view(line).find_first_not_of(" \t\v\f") == std::string_view::npos);
  const std::string_view header = view(line);
  if (header[0] != '>') fail("malformed FASTA: record " + std::to_string(records_) + " has no '>' header line");
  record_name_.assign(first_word(header));
  if (record_name_.empty())
    fail("malformed FASTA: the header of record " + std::to_string(records_) + " has no name");
  record_sequence_.clear();
  for (;;) {  // sequence lines up to the next header
    std::size_t next = at;
    if (!line_at(next, line) || (line.end > line.begin && buffer_[line.begin] == '>')) return true;
    append_sequence(view(line));
    at = next;
  }
}

bool InputFile::fastq_record(std::size_t& at, std::string* reason) {
  const auto malformed = [&](const std::string& why) {
    if (reason) *reason = "malformed FASTQ in record " + std::to_string(records_) + ": " + why;
    return false;
  };
  Span line{};
  do {
    if (!line_at(at, line)) return false;
  } while (view(line).find_first_not_of(" \t\v\f") == std::string_view::npos);
  if (view(line)[0] != '@') return malformed("its header does not start with '@'");
  const std::string name(first_word(view(line)));
  if (name.empty()) return malformed("its header has no name");
  std::string sequence;
  for (;;) {
    if (!line_at(at, line)) return malformed("no '+' line before the end of the file");
    const std::string_view text = view(line);
    if (!text.empty() && text[0] == '+') break;
    append_without_blanks(sequence, text);
    if (sequence.size() > max_string_length)
      throw Error(ErrorCode::input_too_long, name_ + ": record " + std::to_string(records_) + " is longer than " +
                                                 std::to_string(max_string_length) + " bytes");
  }
  std::size_t quality = 0;
  while (quality < sequence.size()) {
    if (!line_at(at, line)) return malformed("fewer quality bytes than sequence bytes");
    for (const char c : view(line))
      if (!is_space(c)) ++quality;
  }
  if (quality != sequence.size()) return malformed("more quality bytes than sequence bytes");
  record_name_ = name;
  record_sequence_ = std::move(sequence);
  return true;
}

bool InputFile::next_record() {
  const InputFormat f = format();
  if (f == InputFormat::raw) return false;
  compact();  // what earlier records used
  std::size_t at = consumed_;
  std::string reason;
  const bool found = f == InputFormat::fasta ? fasta_record(at) : fastq_record(at, &reason);
  if (!reason.empty()) fail(reason);
  if (!found) return false;
  consumed_ = at;
  ++records_;
  return true;
}

bool InputFile::next_line(std::string& line) {
  compact();
  std::size_t at = consumed_;
  Span span{};
  ++lines_;  // a failure while reading it names it
  if (!line_at(at, span)) {
    --lines_;
    return false;
  }
  line.assign(view(span));
  consumed_ = at;
  return true;
}

RecordChoice::RecordChoice(const std::string& record, const std::string& file_name) {
  if (record.rfind("name:", 0) == 0) {
    name_ = record.substr(5);
    return;
  }
  by_index_ = !record.empty() && std::all_of(record.begin(), record.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!by_index_) {
    name_ = record;
    return;
  }
  errno = 0;
  const unsigned long long value = std::strtoull(record.c_str(), nullptr, 10);
  if (errno == ERANGE || value > SIZE_MAX)
    throw Error(ErrorCode::bad_input, file_name + ": record index " + record + " is too large");
  index_ = static_cast<std::size_t>(value);
}

bool RecordChoice::matches(std::size_t index, std::string_view name) const {
  return by_index_ || (name_.empty() && !by_index_) ? index == index_ : name == name_;
}

std::string RecordChoice::missing(std::size_t records) const {
  const std::string what = by_index_ ? "no record " + std::to_string(index_) : "no record named '" + name_ + "'";
  return what + " (the file has " + std::to_string(records) + (records == 1 ? " record)" : " records)");
}

}  // namespace levcl::detail
