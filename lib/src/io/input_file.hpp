// The reading machinery behind read_sequence, RecordReader and PairsReader (sequence_io.cpp):
// one input file through zlib and htslib's kseq, and the rule that picks a FASTA record.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace levcl::detail {

// A file (plain or gzipped; "-" is standard input) read as bytes, as FASTA records or as
// lines. Every failure is bad_input naming the file. A caller reads it one way only, after
// first_byte(): rest() for bytes, next_record() or next_line() for the others.
class InputFile {
 public:
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // The file as messages name it: its path, or "<stdin>".
  const std::string& name() const;

  // Consumes the blanks at the start, appending them to `blanks`, and returns the byte
  // after them without consuming it (-1 at the end): '>' starts FASTA.
  int first_byte(std::string& blanks);
  // `data` followed by the rest of the file, byte for byte.
  std::string rest(std::string data);

  // Moves to the next FASTA record; false at the end. Its name and sequence are views that
  // stay valid until the next call.
  bool next_record();
  std::size_t records() const;  // records read so far
  std::string_view record_name() const;
  // Sequence lines concatenated, blanks dropped (compacted in place when first asked for,
  // so that records nobody wants cost no copy).
  std::string_view record_sequence();

  // The next line into `line`, without its "\n" or "\r\n"; false at the end.
  bool next_line(std::string& line);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Which record of a FASTA file a caller means: "" the first, all digits a zero-based index,
// anything else a record name. Throws bad_input (naming file_name) for an index too large.
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
  bool by_index_;
  std::size_t index_ = 0;
  std::string name_;
};

}  // namespace levcl::detail
