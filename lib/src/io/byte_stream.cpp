#include "io/byte_stream.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>

#include "levcl/levcl.hpp"

namespace levcl::detail {
namespace {

constexpr std::size_t kReadSize = std::size_t{1} << 17;  // inputs can be hundreds of megabytes
constexpr unsigned char kGzipMagic[2] = {0x1f, 0x8b};

[[noreturn]] void fail(const std::string& reason) { throw Error(ErrorCode::bad_input, reason); }

}  // namespace

ByteStream::ByteStream(const std::string& path) : input_(kReadSize) {
  const std::string name = path == "-" ? "<stdin>" : path;
  // stdin is duplicated so that closing the stream leaves the process's descriptor 0 alone.
  fd_ = path == "-" ? ::dup(STDIN_FILENO) : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw Error(ErrorCode::bad_input, name + ": cannot open: " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd_, &info) == 0) {
    if (S_ISDIR(info.st_mode)) {
      ::close(fd_);
      throw Error(ErrorCode::bad_input, name + ": is a directory, not a file");
    }
    if (S_ISREG(info.st_mode)) size_hint_ = static_cast<std::size_t>(info.st_size);
  }
  try {
    while (input_end_ < 2 && refill()) {
    }
  } catch (const Error& e) {
    ::close(fd_);
    throw Error(ErrorCode::bad_input, name + ": " + e.what());
  }
  gzip_ = input_end_ >= 2 && std::equal(kGzipMagic, kGzipMagic + 2, input_.begin());
  if (gzip_ && inflateInit2(&inflater_, 15 + 16) != Z_OK) {  // 15 + 16: gzip only
    ::close(fd_);
    throw std::bad_alloc();
  }
}

ByteStream::~ByteStream() {
  if (gzip_) inflateEnd(&inflater_);
  ::close(fd_);
}

bool ByteStream::refill() {
  if (file_ended_) return false;
  if (input_at_ == input_end_) input_at_ = input_end_ = 0;
  if (input_end_ == input_.size()) {  // keep what is unread, make room behind it
    std::copy(input_.begin() + static_cast<std::ptrdiff_t>(input_at_),
              input_.begin() + static_cast<std::ptrdiff_t>(input_end_), input_.begin());
    input_end_ -= input_at_;
    input_at_ = 0;
  }
  for (;;) {
    const ssize_t n = ::read(fd_, input_.data() + input_end_, input_.size() - input_end_);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(std::string("read error: ") + std::strerror(errno));
    if (n == 0) file_ended_ = true;
    input_end_ += static_cast<std::size_t>(n);
    return n > 0;
  }
}

std::size_t ByteStream::read(char* out, std::size_t size) {
  if (size == 0) return 0;
  if (gzip_) return inflate_some(out, size);
  if (input_at_ == input_end_ && !refill()) return 0;
  const std::size_t n = std::min(size, input_end_ - input_at_);
  std::memcpy(out, input_.data() + input_at_, n);
  input_at_ += n;
  return n;
}

std::size_t ByteStream::inflate_some(char* out, std::size_t size) {
  for (;;) {
    if (!in_member_) {
      // Between members: the end of the file, or another member's magic bytes.
      while (input_end_ - input_at_ < 2 && refill()) {
      }
      if (input_at_ == input_end_) return 0;
      if (input_end_ - input_at_ < 2 ||
          !std::equal(kGzipMagic, kGzipMagic + 2, input_.begin() + static_cast<std::ptrdiff_t>(input_at_)))
        fail("bytes after the gzip data that are no gzip member (trailing garbage)");
      if (inflateReset(&inflater_) != Z_OK) fail("corrupt gzip data");
      in_member_ = true;
    }
    if (input_at_ == input_end_ && !refill()) fail("truncated gzip data: the file ends inside a member");
    inflater_.next_in = input_.data() + input_at_;
    inflater_.avail_in = static_cast<uInt>(input_end_ - input_at_);
    inflater_.next_out = reinterpret_cast<Bytef*>(out);
    inflater_.avail_out = static_cast<uInt>(std::min<std::size_t>(size, 1u << 30));
    const int status = inflate(&inflater_, Z_NO_FLUSH);
    input_at_ = input_end_ - inflater_.avail_in;
    const std::size_t produced = std::min<std::size_t>(size, 1u << 30) - inflater_.avail_out;
    if (status == Z_STREAM_END) in_member_ = false;
    else if (status == Z_MEM_ERROR) throw std::bad_alloc();
    else if (status != Z_OK && status != Z_BUF_ERROR)
      fail(std::string("corrupt gzip data (") + (inflater_.msg ? inflater_.msg : "inflate failed") + ")");
    if (produced > 0) return produced;
  }
}

}  // namespace levcl::detail
