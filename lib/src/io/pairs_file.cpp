// PairsReader: a pairs file, line by line, each line resolved to its two strings. The FASTA
// files that lines name are read whole once and kept, with an index of their record names.
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/input_file.hpp"
#include "levcl/io.hpp"

namespace levcl {
namespace {

// A FASTA or FASTQ file's records, found by RecordChoice's rule without a scan.
struct FastaFile {
  std::vector<Record> records;
  std::unordered_map<std::string_view, std::size_t> by_name;  // the first record of each name

  explicit FastaFile(const std::string& path) : records(read_records(path)) {
    for (std::size_t i = 0; i < records.size(); ++i) by_name.try_emplace(records[i].name, i);
  }
  // by_name views the records' names: a FastaFile stays where it was made.
  FastaFile(const FastaFile&) = delete;
  FastaFile& operator=(const FastaFile&) = delete;

  const Record& find(const std::string& record, const std::string& path) const {
    const detail::RecordChoice choice(record, path);
    if (choice.by_index() || choice.name().empty()) {
      if (choice.index() < records.size()) return records[choice.index()];
    } else if (const auto it = by_name.find(choice.name()); it != by_name.end()) {
      return records[it->second];
    }
    if (records.empty()) throw Error(ErrorCode::bad_input, path + ": no FASTA record found");
    throw Error(ErrorCode::bad_input, path + ": " + choice.missing(records.size()));
  }
};

// The tab-separated fields of a line (views into it).
std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0;;) {
    const std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
}

}  // namespace

struct PairsReader::Impl {
  detail::InputFile input;
  std::uint64_t line_number = 0;  // lines read so far
  std::uint64_t pair_line = 0;    // the line of the last pair
  std::string line;
  std::unordered_map<std::string, FastaFile> files;  // by path, as the lines spell it

  explicit Impl(const std::string& path) : input(path) {}

  const Record& record(const std::string& path, const std::string& record) {
    if (path == "-" && input.name() == "<stdin>")
      throw Error(ErrorCode::bad_input, "'-' names standard input, which is this pairs file: name a FASTA file");
    auto it = files.find(path);
    if (it == files.end()) it = files.try_emplace(path, path).first;
    return it->second.find(record, path);
  }

  void resolve(const std::vector<std::string_view>& fields, NamedPair& pair) {
    if (fields.size() == 2) {
      const std::string prefix = "L" + std::to_string(line_number);
      pair.name_a = prefix + ".a";
      pair.name_b = prefix + ".b";
      pair.a.assign(fields[0]);
      pair.b.assign(fields[1]);
      return;
    }
    if (fields.size() != 4)
      throw Error(ErrorCode::bad_input, "expected 2 fields (two sequences) or 4 (path, record, path, record) "
                                        "separated by tabs, found " + std::to_string(fields.size()));
    const Record& a = record(std::string(fields[0]), std::string(fields[1]));
    const Record& b = record(std::string(fields[2]), std::string(fields[3]));
    pair.name_a = a.name;
    pair.a = a.sequence;
    pair.name_b = b.name;
    pair.b = b.sequence;
  }
};

PairsReader::PairsReader(const std::string& path) : impl_(new Impl(path)) {}

PairsReader::~PairsReader() = default;

bool PairsReader::next(NamedPair& pair) {
  Impl& r = *impl_;
  while (r.input.next_line(r.line)) {
    ++r.line_number;
    if (r.line.empty() || r.line[0] == '#') continue;
    try {
      r.resolve(split_fields(r.line), pair);
    } catch (const Error& e) {
      throw Error(e.code(), r.input.name() + ":" + std::to_string(r.line_number) + ": " + e.what());
    }
    r.pair_line = r.line_number;
    return true;
  }
  return false;
}

std::uint64_t PairsReader::line() const { return impl_->pair_line; }

}  // namespace levcl
