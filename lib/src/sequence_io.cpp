// read_sequence: one input string from a file. Everything goes through zlib's gzFile, which
// undoes gzip and passes other files through unchanged, so plain and gzipped inputs take the
// same path. FASTA is parsed with htslib's header-only kseq (no libhts needed).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>

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

// The rest of the stream appended to data, byte for byte.
std::string read_bytes(gzFile file, std::string data, std::size_t size_hint, const std::string& name) {
  constexpr std::size_t chunk = std::size_t{1} << 20;
  // A plain regular file's size is known: one allocation (+1 so that the final read that
  // sees the end of file needs no growth).
  if (gzdirect(file) && size_hint > data.size()) data.reserve(size_hint + 1);
  for (;;) {
    const std::size_t used = data.size();
    const std::size_t room = data.capacity() - used;
    const std::size_t want = room > 0 ? std::min(room, chunk) : chunk;
    data.resize(used + want);  // capacity grows geometrically, so appends stay amortised O(1)
    const int n = gzread(file, &data[used], static_cast<unsigned>(want));
    data.resize(used + static_cast<std::size_t>(std::max(n, 0)));
    if (n <= 0) break;
  }
  check_stream(file, name);
  return data;
}

// One FASTA record: "" = the first, all digits = zero-based index, otherwise a name.
std::string read_fasta(gzFile file, const std::string& record, const std::string& name) {
  const bool by_index = !record.empty() &&
                        std::all_of(record.begin(), record.end(), [](char c) { return c >= '0' && c <= '9'; });
  std::size_t index = 0;
  if (by_index) {
    errno = 0;
    const unsigned long long value = std::strtoull(record.c_str(), nullptr, 10);
    if (errno == ERANGE) fail(name, "record index " + record + " is too large");
    index = static_cast<std::size_t>(value);
  }

  std::unique_ptr<kseq_t, decltype(&kseq_destroy)> seq(kseq_init(file), kseq_destroy);
  if (!seq || !seq->f || !seq->f->buf) throw std::bad_alloc();
  std::size_t count = 0;
  for (;; ++count) {
    const int status = kseq_read(seq.get());
    if (status == -1) break;  // end of file
    // -2/-3: a '+' line starts FASTQ-style quality that does not match, or an overflow. Its
    // int result also wraps for records of 2 GiB or more, which are not malformed.
    if (status < -1 && seq->seq.l <= static_cast<std::size_t>(INT_MAX))
      fail(name, "malformed FASTA in record " + std::to_string(count));
    const std::string_view record_name(seq->name.s, seq->name.l);
    if (record_name.empty())  // '>' followed by a line break or a blank
      fail(name, "malformed FASTA: the header of record " + std::to_string(count) + " has no name");
    const bool wanted = record.empty() ? count == 0 : by_index ? count == index : record_name == record;
    if (!wanted) continue;

    check_stream(file, name);  // a truncated gzip stream may have cut this record short
    // kseq drops line breaks and a '\r' before them; any other blank is dropped here too,
    // in place, so the only copy is into the returned string.
    // A record with no sequence lines is the empty string, as edlib and WFA2-lib take it.
    char* begin = seq->seq.s;
    char* end = std::remove_if(begin, begin + seq->seq.l, is_space);
    return std::string(begin, end);
  }
  check_stream(file, name);
  if (count == 0) fail(name, "no FASTA record found");
  const std::string what = by_index ? "no record " + record : "no record named '" + record + "'";
  fail(name, what + " (the file has " + std::to_string(count) + (count == 1 ? " record)" : " records)"));
}

}  // namespace

std::string read_sequence(const std::string& path, const std::string& record) {
  const std::string name = path == "-" ? "<stdin>" : path;
  std::size_t size_hint = 0;
  GzFile file = open_input(path, name, size_hint);

  // FASTA is recognised by its first non-blank byte. The blanks read while looking are
  // kept: for a plain file they are part of the content.
  std::string leading;
  int c;
  while ((c = gzgetc(file.get())) != -1 && is_space(static_cast<char>(c)))
    leading.push_back(static_cast<char>(c));
  check_stream(file.get(), name);
  if (c != -1) gzungetc(c, file.get());  // one pushed-back byte is always possible

  if (c == '>') return read_fasta(file.get(), record, name);
  if (!record.empty()) fail(name, "record '" + record + "' was asked for, but the input is not FASTA");
  return read_bytes(file.get(), std::move(leading), size_hint, name);
}

}  // namespace levcl
