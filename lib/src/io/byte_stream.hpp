// A file's bytes, gunzipped where it is gzip: what every reader of input files reads from.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <string>
#include <vector>

namespace levcl::detail {

// The bytes of a file ("-" is standard input), gzip undone when it starts with gzip's magic
// bytes: every member of a multi-member file (bgzip) in turn. Throws bad_input, its message
// the reason alone (the caller says which file and where): a read error, gzip data that is
// corrupt or cut short, or bytes after the last member that are no gzip member (as
// `gzip -t` reports them).
class ByteStream {
 public:
  explicit ByteStream(const std::string& path);  // throws bad_input naming the file
  ~ByteStream();
  ByteStream(const ByteStream&) = delete;
  ByteStream& operator=(const ByteStream&) = delete;

  // Up to `size` bytes into `out`; 0 only at the end.
  std::size_t read(char* out, std::size_t size);
  // A plain regular file's size (what its reader may reserve); 0 when not known.
  std::size_t size_hint() const { return gzip_ ? 0 : size_hint_; }

 private:
  bool refill();  // more input bytes; false at the end of the file
  std::size_t inflate_some(char* out, std::size_t size);

  int fd_ = -1;
  std::size_t size_hint_ = 0;
  std::vector<unsigned char> input_;  // bytes read from the file, from input_at_
  std::size_t input_at_ = 0, input_end_ = 0;
  bool file_ended_ = false;
  bool gzip_ = false, in_member_ = false;
  z_stream inflater_{};
};

}  // namespace levcl::detail
