// Reading inputs: InputFile (input_file.hpp), and read_sequence, RecordReader and read_records
// on it. Everything goes through zlib's gzFile, which undoes gzip and passes other files
// through unchanged, so plain and gzipped inputs take the same path. FASTA and lines are
// parsed with htslib's header-only kseq (no libhts needed).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "io/input_file.hpp"
#include "levcl/io.hpp"

namespace {

// kseq stops only on a read result of 0 and would take -1 as data, so a failed gzread is
// reported to it as end of stream; callers then ask gzerror (check_stream) what happened.
int read_for_kseq(gzFile file, void* buffer, int length) {
  const int n = gzread(file, buffer, static_cast<unsigned>(length));
  return n < 0 ? 0 : n;
}

}  // namespace

#include <htslib/kseq.h>
KSEQ_INIT(gzFile, read_for_kseq)

namespace levcl {
namespace {

[[noreturn]] void fail(const std::string& name, const std::string& reason) {
  throw Error(ErrorCode::bad_input, name + ": " + reason);
}

// The C locale's isspace, without depending on the process locale.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

struct GzClose {
  void operator()(gzFile_s* file) const { gzclose(file); }
};
using GzFile = std::unique_ptr<gzFile_s, GzClose>;

// Opens path ("-" = standard input) for gzread. size_hint gets a regular file's size.
GzFile open_input(const std::string& path, const std::string& name, std::size_t& size_hint) {
  // stdin is duplicated so that closing the gzFile leaves the process's descriptor 0 alone.
  const int fd = path == "-" ? ::dup(STDIN_FILENO) : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(name, std::string("cannot open: ") + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd, &info) == 0) {
    if (S_ISDIR(info.st_mode)) {
      ::close(fd);
      fail(name, "is a directory, not a file");
    }
    if (S_ISREG(info.st_mode)) size_hint = static_cast<std::size_t>(info.st_size);
  }
  gzFile file = gzdopen(fd, "rb");
  if (!file) {
    ::close(fd);
    throw std::bad_alloc();  // gzdopen fails only when it cannot allocate its state
  }
  gzbuffer(file, 1 << 17);  // larger reads than the 8 KiB default: inputs can be 100s of MB
  return GzFile(file);
}

// gzread and gzgetc report a truncated stream as a normal end of data; gzerror tells.
void check_stream(gzFile file, const std::string& name) {
  int code = Z_OK;
  std::string message = gzerror(file, &code);
  if (code == Z_OK) return;
  // zlib prefixes its messages with "<fd:N>: "; our own prefix is the file name.
  if (const auto colon = message.find(": "); colon != std::string::npos) message.erase(0, colon + 2);
  if (code == Z_ERRNO) fail(name, "read error: " + message);
  if (code == Z_MEM_ERROR) throw std::bad_alloc();
  fail(name, "corrupt or truncated gzip data (" + message + ")");
}

struct KseqDestroy {
  void operator()(kseq_t* seq) const { kseq_destroy(seq); }
};

}  // namespace

namespace detail {

struct InputFile::Impl {
  std::string name;
  std::size_t size_hint = 0;
  GzFile file;
  std::unique_ptr<kseq_t, KseqDestroy> seq;  // made on the first record or line
  kstring_t line{};                          // next_line's buffer
  std::size_t records = 0;
  bool sequence_compacted = false;

  kseq_t& kseq() {
    if (!seq) {
      seq.reset(kseq_init(file.get()));
      if (!seq || !seq->f || !seq->f->buf) throw std::bad_alloc();
    }
    return *seq;
  }
  ~Impl() { std::free(line.s); }
};

InputFile::InputFile(const std::string& path) : impl_(new Impl) {
  impl_->name = path == "-" ? "<stdin>" : path;
  impl_->file = open_input(path, impl_->name, impl_->size_hint);
}

InputFile::~InputFile() = default;

const std::string& InputFile::name() const { return impl_->name; }

int InputFile::first_byte(std::string& blanks) {
  gzFile file = impl_->file.get();
  int c;
  while ((c = gzgetc(file)) != -1 && is_space(static_cast<char>(c))) blanks.push_back(static_cast<char>(c));
  check_stream(file, impl_->name);
  if (c != -1) gzungetc(c, file);  // one pushed-back byte is always possible
  return c;
}

std::string InputFile::rest(std::string data) {
  gzFile file = impl_->file.get();
  constexpr std::size_t chunk = std::size_t{1} << 20;
  // A plain regular file's size is known: one allocation (+1 so that the final read that
  // sees the end of file needs no growth).
  if (gzdirect(file) && impl_->size_hint > data.size()) data.reserve(impl_->size_hint + 1);
  for (;;) {
    const std::size_t used = data.size();
    const std::size_t room = data.capacity() - used;
    const std::size_t want = room > 0 ? std::min(room, chunk) : chunk;
    data.resize(used + want);  // capacity grows geometrically, so appends stay amortised O(1)
    const int n = gzread(file, &data[used], static_cast<unsigned>(want));
    data.resize(used + static_cast<std::size_t>(std::max(n, 0)));
    if (n <= 0) break;
  }
  check_stream(file, impl_->name);
  return data;
}

bool InputFile::next_record() {
  kseq_t& seq = impl_->kseq();
  const int status = kseq_read(&seq);
  if (status == -1) {  // end of file
    check_stream(impl_->file.get(), impl_->name);
    return false;
  }
  const std::string count = std::to_string(impl_->records);
  // -2/-3: a '+' line starts FASTQ-style quality that does not match, or an overflow. Its
  // int result also wraps for records of 2 GiB or more, which are not malformed.
  if (status < -1 && seq.seq.l <= static_cast<std::size_t>(INT_MAX))
    fail(impl_->name, "malformed FASTA in record " + count);
  if (seq.name.l == 0)  // '>' followed by a line break or a blank
    fail(impl_->name, "malformed FASTA: the header of record " + count + " has no name");
  check_stream(impl_->file.get(), impl_->name);  // a truncated gzip stream may have cut this record short
  ++impl_->records;
  impl_->sequence_compacted = false;
  return true;
}

std::size_t InputFile::records() const { return impl_->records; }

std::string_view InputFile::record_name() const { return std::string_view(impl_->seq->name.s, impl_->seq->name.l); }

std::string_view InputFile::record_sequence() {
  kstring_t& sequence = impl_->seq->seq;
  // kseq drops line breaks and a '\r' before them; any other blank is dropped here.
  if (!impl_->sequence_compacted) {
    sequence.l = static_cast<std::size_t>(std::remove_if(sequence.s, sequence.s + sequence.l, is_space) - sequence.s);
    impl_->sequence_compacted = true;
  }
  return std::string_view(sequence.s, sequence.l);
}

bool InputFile::next_line(std::string& line) {
  kstring_t& buffer = impl_->line;
  // -1 with nothing read is the end; a line of 2 GiB or more wraps the int result, but not l.
  if (ks_getuntil(impl_->kseq().f, KS_SEP_LINE, &buffer, nullptr) < 0 && buffer.l == 0) {
    check_stream(impl_->file.get(), impl_->name);
    return false;
  }
  line.assign(buffer.s, buffer.l);
  if (!line.empty() && line.back() == '\r') line.pop_back();  // kseq keeps the '\r' of a line that has nothing else
  return true;
}

RecordChoice::RecordChoice(const std::string& record, const std::string& file_name)
    : by_index_(!record.empty() &&
                std::all_of(record.begin(), record.end(), [](char c) { return c >= '0' && c <= '9'; })) {
  if (!by_index_) {
    name_ = record;
    return;
  }
  errno = 0;
  const unsigned long long value = std::strtoull(record.c_str(), nullptr, 10);
  if (errno == ERANGE || value > SIZE_MAX) fail(file_name, "record index " + record + " is too large");
  index_ = static_cast<std::size_t>(value);
}

bool RecordChoice::matches(std::size_t index, std::string_view name) const {
  return by_index_ || name_.empty() ? index == index_ : name == name_;
}

std::string RecordChoice::missing(std::size_t records) const {
  const std::string what = by_index_ ? "no record " + std::to_string(index_) : "no record named '" + name_ + "'";
  return what + " (the file has " + std::to_string(records) + (records == 1 ? " record)" : " records)");
}

}  // namespace detail

namespace {

// One FASTA record by RecordChoice's rule, from a file known to start with '>'. A record
// with no sequence lines is the empty string, as edlib and WFA2-lib take it.
Record read_fasta(detail::InputFile& input, const std::string& record) {
  const detail::RecordChoice choice(record, input.name());
  while (input.next_record())
    if (choice.matches(input.records() - 1, input.record_name()))
      return Record{std::string(input.record_name()), std::string(input.record_sequence())};
  if (input.records() == 0) fail(input.name(), "no FASTA record found");
  fail(input.name(), choice.missing(input.records()));
}

}  // namespace

Record read_named_sequence(const std::string& path, const std::string& record) {
  detail::InputFile input(path);
  // FASTA is recognised by its first non-blank byte. The blanks read while looking are
  // kept: for a plain file they are part of the content.
  std::string leading;
  if (input.first_byte(leading) == '>') return read_fasta(input, record);
  if (!record.empty()) fail(input.name(), "record '" + record + "' was asked for, but the input is not FASTA");
  return Record{path, input.rest(std::move(leading))};
}

std::string read_sequence(const std::string& path, const std::string& record) {
  return read_named_sequence(path, record).sequence;
}

Record read_record(const std::string& path, const std::string& record) {
  detail::InputFile input(path);
  std::string blanks;
  if (input.first_byte(blanks) != '>') fail(input.name(), "not FASTA (it does not start with a '>' header)");
  return read_fasta(input, record);
}

struct RecordReader::Impl {
  detail::InputFile input;
  bool fasta = false;  // false for an empty file: no records
  explicit Impl(const std::string& path) : input(path) {}
};

RecordReader::RecordReader(const std::string& path) : impl_(new Impl(path)) {
  std::string blanks;
  const int first = impl_->input.first_byte(blanks);
  impl_->fasta = first == '>';
  if (!impl_->fasta && first != -1) fail(impl_->input.name(), "not FASTA (it does not start with a '>' header)");
}

RecordReader::~RecordReader() = default;

bool RecordReader::next(Record& record) {
  detail::InputFile& input = impl_->input;
  if (!impl_->fasta) return false;
  if (!input.next_record()) {
    if (input.records() == 0) fail(input.name(), "no FASTA record found");
    return false;
  }
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
