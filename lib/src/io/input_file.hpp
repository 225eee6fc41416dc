// The reading machinery behind read_sequence, RecordReader and PairsReader (sequence_io.cpp,
// pairs_file.cpp): one input file as bytes, as FASTA or FASTQ records, or as lines, and the
// rule that picks a record.
//
// The formats, one rule for every reader: a file whose first byte that is not a blank is
// '>' is FASTA (a header line starts with '>'; every other line is sequence); a file whose
// first record is a FASTQ record ('@' header, sequence lines, a '+' line, as many quality
// bytes as sequence bytes) is FASTQ, read as its sequences; anything else is raw bytes.
// Lines end with LF, CRLF or CR. Sequence lines are concatenated with their blanks dropped.
// A record's name is the first word of its header (blanks after '>' or '@' skipped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/byte_stream.hpp"

namespace levcl::detail {

enum class InputFormat { raw, fasta, fastq };

// A file (plain or gzipped; "-" is standard input). Every failure is bad_input (input_too_long
// for a sequence over levcl::kMaxLength bytes, as soon as it is passed) naming the file, and
// the line or record where it happened. A caller reads it one way only, after format():
// rest() for raw bytes, next_record() for records, next_line() for lines.
class InputFile {
 public:
  explicit InputFile(const std::string& path);

  // The file as messages name it: its path, or "<stdin>".
  const std::string& name() const { return name_; }

  // The format by the rule above (looks ahead, consumes nothing but the leading blanks).
  InputFormat format();
  // The leading blanks that format() stepped over (raw bytes keep them).
  const std::string& leading_blanks() const { return blanks_; }

  // The leading blanks and every byte after them.
  std::string rest();
  // Whether nothing but the leading blanks is left.
  bool at_end();

  // Moves to the next FASTA or FASTQ record; false at the end. Its name and sequence stay
  // valid until the next call.
  bool next_record();
  std::size_t records() const { return records_; }  // records read so far
  std::string_view record_name() const { return record_name_; }
  std::string_view record_sequence() const { return record_sequence_; }

  // The next line into `line`, without its end; false at the end.
  bool next_line(std::string& line);
  std::uint64_t lines() const { return lines_; }  // lines read so far

 private:
  struct Span {
    std::size_t begin, end;  // in buffer_
  };
  bool fill();                                  // more bytes into buffer_; false at the end
  bool line_at(std::size_t& at, Span& line);    // the line starting at `at`; `at` moves past its end
  std::size_t line_end(std::size_t from) const;  // the first LF or CR at or after `from`, else the buffer's end
  std::string_view view(const Span& s) const { return std::string_view(buffer_).substr(s.begin, s.end - s.begin); }
  void compact();                               // drops what was consumed, once it is half the buffer or more
  bool fastq_record(std::size_t& at, std::string* reason);  // parses one at `at` into the record
  bool fasta_record(std::size_t& at);
  void append_sequence(std::string_view line);  // blanks dropped, length checked
  [[noreturn]] void fail(const std::string& reason) const;

  std::string name_;
  ByteStream stream_;
  std::string buffer_;
  std::size_t consumed_ = 0;  // bytes of buffer_ read by the caller
  bool ended_ = false;
  bool formatted_ = false;
  InputFormat format_ = InputFormat::raw;
  std::string blanks_;
  std::uint64_t lines_ = 0;
  std::size_t records_ = 0;
  std::string record_name_, record_sequence_;
};

// Which record of a FASTA or FASTQ file a caller means: "" the first, all digits a
// zero-based index, "name:X" the record named X (a name of digits too), anything else a
// record name. Throws bad_input (naming file_name) for an index too large.
class RecordChoice {
 public:
  RecordChoice(const std::string& record, const std::string& file_name);

  bool by_index() const { return by_index_; }
  std::size_t index() const { return index_; }  // 0 for ""
  const std::string& name() const { return name_; }
  bool matches(std::size_t index, std::string_view name) const;
  // Why it is not among the file's `records` records, for a bad_input message.
  std::string missing(std::size_t records) const;

 private:
  bool by_index_ = false;
  std::size_t index_ = 0;
  std::string name_;
};

}  // namespace levcl::detail
