#include "runtime/device_buffers.hpp"

#include <algorithm>

#include "cl/wfa_common.h"

namespace levcl::detail {

cl::Buffer upload_string(OpenDevice& device, std::string_view s) {
  // Padded for the kernels' word reads (never empty, which OpenCL refuses).
  cl::Buffer buffer(device.context(), CL_MEM_READ_ONLY, s.size() + WORD_PADDING);
  if (!s.empty()) device.queue().enqueueWriteBuffer(buffer, CL_TRUE, 0, s.size(), s.data());
  return buffer;
}

cl::Buffer& GrowingBuffer::at_least(OpenDevice& device, std::uint64_t bytes) {
  if (bytes > bytes_) {
    buffer_ = cl::Buffer();
    bytes_ = std::max<std::uint64_t>(bytes, 1);
    buffer_ = cl::Buffer(device.context(), CL_MEM_READ_WRITE, bytes_);
  }
  return buffer_;
}

DeviceStrings::DeviceStrings(OpenDevice& device, std::string_view sa, std::string_view sb) : host_a(sa), host_b(sb) {
  const bool same = sa.data() == sb.data() && sa.size() == sb.size();
  try {
    a = upload_string(device, sa);
    b = same ? a : upload_string(device, sb);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "copying strings to " + device.info().name);
  }
  bytes = sa.size() + (same ? 0 : sb.size());
}

}  // namespace levcl::detail
