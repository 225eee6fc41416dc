#include "runtime/device_buffers.hpp"

#include <algorithm>

#include "cl/wfa_common.h"
#include "runtime/parallel.hpp"

namespace levcl::detail {

cl::Buffer& GrowingBuffer::at_least(OpenDevice& device, std::uint64_t bytes) {
  if (bytes > bytes_) {
    buffer_ = cl::Buffer();
    bytes_ = std::max<std::uint64_t>(bytes, 1);
    buffer_ = cl::Buffer(device.context(), CL_MEM_READ_WRITE, bytes_);
  }
  return buffer_;
}

namespace {

// A read-only copy of a string on the device. The write blocks: a call that fails before
// its first blocking read must not leave the driver copying from memory its caller frees.
cl::Buffer upload_string(OpenDevice& device, std::string_view s) {
  // Padded for the kernels' word reads (never empty, which OpenCL refuses).
  cl::Buffer buffer(device.context(), CL_MEM_READ_ONLY, s.size() + WORD_PADDING);
  if (!s.empty()) device.queue().enqueueWriteBuffer(buffer, CL_TRUE, 0, s.size(), s.data());
  return buffer;
}

// The strings a StringsAhead copied, kept on the device until taken or dropped.
struct UploadedAhead {
  explicit UploadedAhead(OpenDevice&) {}
  std::string_view a, b;
  cl::Buffer on_a, on_b;
  bool held = false;
};
const std::string kAhead = "strings copied ahead";

bool same_view(std::string_view x, std::string_view y) { return x.data() == y.data() && x.size() == y.size(); }

}  // namespace

DeviceStrings::DeviceStrings(OpenDevice& device, std::string_view sa, std::string_view sb) : host_a(sa), host_b(sb) {
  const bool same = same_view(sa, sb);
  bytes = sa.size() + (same ? 0 : sb.size());
  UploadedAhead& ahead = device.state<UploadedAhead>(kAhead);
  if (ahead.held && same_view(ahead.a, sa) && same_view(ahead.b, sb)) {
    a = std::move(ahead.on_a);
    b = std::move(ahead.on_b);
    ahead = UploadedAhead(device);
    return;
  }
  try {
    a = upload_string(device, sa);
    b = same ? a : upload_string(device, sb);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "copying strings to " + device.info().name);
  }
}

StringsAhead::StringsAhead(OpenDevice& device, std::string_view a, std::string_view b,
                           const std::function<void()>& meanwhile)
    : device_(device) {
  const DeviceInfo& info = device.info();
  const std::uint64_t bytes = a.size() + b.size();
  if (bytes > info.max_allocation / 2 || bytes > info.global_memory / 8) {
    meanwhile();
    return;
  }
  UploadedAhead& ahead = device.state<UploadedAhead>(kAhead);
  ahead = UploadedAhead(device);
  parallel_each(2, 2, [&](std::size_t task) {
    if (task == 1) return meanwhile();
    try {
      ahead.on_a = upload_string(device, a);
      ahead.on_b = same_view(a, b) ? ahead.on_a : upload_string(device, b);
      ahead.a = a, ahead.b = b, ahead.held = true;
    } catch (const cl::Error&) {
      ahead = UploadedAhead(device);
    }
  });
}

StringsAhead::~StringsAhead() { device_.state<UploadedAhead>(kAhead) = UploadedAhead(device_); }

}  // namespace levcl::detail
