// Device memory the engines keep: strings copied to a device, and buffers that grow.
#pragma once

#include <cstdint>
#include <string_view>

#include "runtime/open_device.hpp"

namespace levcl::detail {

// A read-only copy of a string on the device. The write blocks: a call that fails before
// its first blocking read must not leave the driver copying from memory its caller frees.
cl::Buffer upload_string(OpenDevice& device, std::string_view s);

// A device buffer kept from launch to launch that grows to the largest size asked of it
// (what it held is not kept when it grows).
class GrowingBuffer {
 public:
  // The buffer, reallocated (the old one freed first) when smaller than `bytes`.
  cl::Buffer& at_least(OpenDevice& device, std::uint64_t bytes);
  cl::Buffer& buffer() { return buffer_; }
  std::uint64_t bytes() const { return bytes_; }

 private:
  cl::Buffer buffer_;
  std::uint64_t bytes_ = 0;
};

// Two strings on the device for the launches of one call (the alignment's breakpoints and
// tracebacks share them); b is a's buffer when they are the same view.
struct DeviceStrings {
  DeviceStrings(OpenDevice& device, std::string_view a, std::string_view b);
  std::string_view host_a, host_b;
  cl::Buffer a, b;
  std::uint64_t bytes = 0;  // device memory they hold
};

}  // namespace levcl::detail
