// Reading sequences: read_sequence, read_named_sequence, read_record, RecordReader and
// read_records, on InputFile (input_file.hpp: the formats and their rule).
#include <string>
#include <string_view>
#include <vector>

#include "io/input_file.hpp"
#include "levcl/io.hpp"

namespace levcl {
namespace {

constexpr const char* kNotRecords =
    "not FASTA or FASTQ (a first line starting with '>', or records of '@' header, sequence, '+', quality)";

[[noreturn]] void fail(const std::string& name, const std::string& reason) {
  throw Error(ErrorCode::bad_input, name + ": " + reason);
}

// One record by RecordChoice's rule, from a file of records (FASTA or FASTQ). A record with
// no sequence is the empty string, as edlib and WFA2-lib take it.
Record read_chosen(detail::InputFile& input, const std::string& record) {
  const detail::RecordChoice choice(record, input.name());
  while (input.next_record())
    if (choice.matches(input.records() - 1, input.record_name()))
      return Record{std::string(input.record_name()), std::string(input.record_sequence())};
  if (input.records() == 0) fail(input.name(), "no FASTA or FASTQ record found");
  fail(input.name(), choice.missing(input.records()));
}

}  // namespace

Record read_named_sequence(const std::string& path, const std::string& record) {
  detail::InputFile input(path);
  if (input.format() != detail::InputFormat::raw) return read_chosen(input, record);
  if (!record.empty())
    fail(input.name(), "record '" + record + "' was asked for, but the input is not FASTA or FASTQ");
  return Record{path, input.rest()};
}

std::string read_sequence(const std::string& path, const std::string& record) {
  return read_named_sequence(path, record).sequence;
}

Record read_record(const std::string& path, const std::string& record) {
  detail::InputFile input(path);
  if (input.format() == detail::InputFormat::raw) fail(input.name(), kNotRecords);
  return read_chosen(input, record);
}

struct RecordReader::Impl {
  detail::InputFile input;
  explicit Impl(const std::string& path) : input(path) {}
};

RecordReader::RecordReader(const std::string& path) : impl_(new Impl(path)) {
  detail::InputFile& input = impl_->input;
  // An empty file has no records; any other must be FASTA or FASTQ.
  if (input.format() == detail::InputFormat::raw && !input.at_end())
    fail(input.name(), kNotRecords);
}

RecordReader::~RecordReader() = default;

bool RecordReader::next(Record& record) {
  detail::InputFile& input = impl_->input;
  if (!input.next_record()) return false;
  record.name.assign(input.record_name());
  record.sequence.assign(input.record_sequence());
  return true;
}

std::vector<Record> read_records(const std::string& path) {
  RecordReader reader(path);
  std::vector<Record> records;
  for (Record record; reader.next(record);) records.push_back(std::move(record));
  return records;
}

}  // namespace levcl
