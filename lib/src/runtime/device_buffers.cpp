#include "runtime/device_buffers.hpp"

#include <algorithm>

namespace levcl::detail {

cl::Buffer upload_string(OpenDevice& device, std::string_view s) {
  // OpenCL has no empty buffers: an empty string gets one unused byte.
  cl::Buffer buffer(device.context(), CL_MEM_READ_ONLY, std::max<std::size_t>(s.size(), 1));
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
