// levcl's file handling: reading an input string; writing and stamping result files.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl {

// One FASTA or FASTQ record.
struct Record {
  std::string name;      // the header's first word
  std::string sequence;  // sequence lines concatenated, whitespace dropped
};

// The formats, one rule for every reader: a file whose first byte that is not a blank is
// '>' is FASTA (a header line starts with '>', every other line is sequence); a file whose
// first record is a FASTQ record ('@' header, sequence lines, a '+' line, as many quality
// bytes as bases) is FASTQ, read as its sequences; anything else is raw bytes. Lines end with
// LF, CRLF or CR. gzip is undone first, every member of a multi-member file; gzip data cut
// short, corrupt or followed by bytes that are no gzip member is bad_input. A sequence over
// max_string_length bytes throws input_too_long as soon as the reader passes it.

// Reads one sequence from a file by that rule: a record (by zero-based index, by name, or
// "name:X" for the record named X) of FASTA or FASTQ, or the whole file byte for byte. path
// "-" reads standard input. An empty file, and a record with no sequence, are the empty
// string. Throws bad_input for a missing or unreadable file, malformed FASTA or FASTQ, or a
// record that is not there.
LEVCL_API std::string read_sequence(const std::string& path, const std::string& record = "");
// The same with a name: the record's, else the path ("-" for standard input).
LEVCL_API Record read_named_sequence(const std::string& path, const std::string& record = "");

// Reads a FASTA or FASTQ file (plain or gzipped; "-" is standard input) one record at a
// time, so that a file larger than memory streams through. An empty file has no records.
// Throws bad_input as read_sequence does, and for a file that is neither.
class LEVCL_API RecordReader {
 public:
  explicit RecordReader(const std::string& path);
  ~RecordReader();
  RecordReader(const RecordReader&) = delete;
  RecordReader& operator=(const RecordReader&) = delete;
  // The next record into `record`; false at the end of the file.
  bool next(Record& record);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Every record of a FASTA or FASTQ file.
LEVCL_API std::vector<Record> read_records(const std::string& path);

// One line of a pairs file, resolved to its two strings and their names.
struct NamedPair {
  std::string name_a, a, name_b, b;
};

// Reads a pairs file (plain or gzipped; "-" is standard input) one line at a time. Each
// line holds two or four tab-separated fields: two sequences ("ACGT<TAB>AGT"; the pair is
// named by its line number, "L17.a" and "L17.b"), or four: a FASTA path and a record
// (zero-based index or name; empty for the first) for each side
// ("a.fa<TAB>rec1<TAB>b.fa<TAB>2"; the pair is named by its records' names; paths are taken
// as they are, relative to the current directory). Empty lines and lines starting with '#'
// are skipped. A malformed line, or a file or record it names that is missing, throws
// bad_input "<file>:<line>: ...". A FASTA file named on many lines is read once and its
// records kept.
class LEVCL_API PairsReader {
 public:
  explicit PairsReader(const std::string& path);
  ~PairsReader();
  PairsReader(const PairsReader&) = delete;
  PairsReader& operator=(const PairsReader&) = delete;
  bool next(NamedPair& pair);
  std::uint64_t line() const;  // the line number of the last pair read (1-based)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One record of a FASTA or FASTQ file with its name, the record `record` names as
// read_sequence takes it. Throws bad_input as read_sequence does, and for a file that is
// neither.
LEVCL_API Record read_record(const std::string& path, const std::string& record = "");

// A sequence's name and length, as SAM's header names a reference (@SQ SN and LN).
struct SequenceName {
  std::string name;
  std::uint64_t length = 0;
};

// A pair of a batch with its names: views valid until the next pair is asked for, but
// those `held` names, which stay valid and unchanged while the source lives (records it
// keeps: all_against_all's, query_against_targets' query).
struct NamedPairView {
  std::string_view name_a, a, name_b, b;
  Held held;
};

// Where a batch's pairs come from, one at a time: the levcl command's batch modes.
class LEVCL_API PairSource {
 public:
  virtual ~PairSource() = default;
  // The next pair into `pair`; false at the end. Bad input throws bad_input.
  virtual bool next(NamedPairView& pair) = 0;
  // Pairs in all, when known before they are read (else 0).
  virtual std::uint64_t total() const { return 0; }
  // The sequences the pairs' a strings come from, each name once, in the order they first
  // appear: the references a SAM header names before its records. A streamed input (a pairs
  // file, the targets) is read a second time for them, so standard input throws
  // invalid_argument.
  virtual std::vector<SequenceName> references() const = 0;

  // Every line of a pairs file (PairsReader).
  static std::unique_ptr<PairSource> pairs_file(const std::string& path);
  // Which side of each pair the query of query_against_targets is: a (the query, then the
  // target), or b, the read an alignment places on each target, as SAM and PAF name them.
  enum class QueryRole { a, b };
  // One record of `query` (read_record's `record`) against every record of `targets`,
  // read as they come: targets larger than memory stream through.
  static std::unique_ptr<PairSource> query_against_targets(const std::string& query, const std::string& record,
                                                           const std::string& targets, QueryRole role = QueryRole::a);
  // Every unordered pair of a FASTA file's records once: (0,1), (0,2), ..., (1,2), ...
  static std::unique_ptr<PairSource> all_against_all(const std::string& path);
};

// Writes `contents` to `path` through a temporary file of a name unique to this process
// and thread, then renames it: readers never see half a file, and two writers never
// share a temporary. Throws write_failure when the file cannot be written.
LEVCL_API void write_file_atomically(const std::string& path, const std::string& contents);

// The time now, as result files record it: ISO 8601 in UTC, "2026-11-22T23:09:46Z".
LEVCL_API std::string utc_timestamp();

}  // namespace levcl
