#include "runtime/device_buffers.hpp"

#include <algorithm>

#include "cl/bases.h"
#include "cl/wfa_common.h"
#include "runtime/bases.hpp"
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

// Where a device's long strings are packed as bases: pinned host memory, which the bus
// reads at full speed, kept from call to call.
struct BusBases {
  explicit BusBases(OpenDevice& device) : pinned(device) {}
  Pinned<std::uint8_t> pinned;
};

// The device's BusBases where one of the strings is long enough to go as bases, its
// unpacking kernel made here (the caller's thread: a helper thread then only looks it up);
// null where none is, or where a build is refused and the kernel not in the cache.
BusBases* bus_for(OpenDevice& device, std::string_view a, std::string_view b) {
  if (std::max(a.size(), b.size()) < kBasesFrom) return nullptr;
  try {
    device.kernel("bases.cl", "unpack_bases", "");
  } catch (const ProgramNotBuilt&) {
    return nullptr;
  }
  return &device.state<BusBases>("bases on the bus");
}

// A copy of a string on the device, to be read only. The write blocks: a call that fails
// before its first blocking read must not leave the driver copying from memory its caller
// frees. A long string of A, C, G and T crosses as bases through `bus` (when not null).
cl::Buffer upload_string(OpenDevice& device, std::string_view s, BusBases* bus) {
  const bool long_string = bus && s.size() >= kBasesFrom;
  // Padded for the kernels' word reads (never empty, which OpenCL refuses), and for
  // unpack_bases's whole words.
  static_assert(WORD_PADDING >= 15, "unpack_bases writes up to 15 bytes past a string");
  cl::Buffer buffer(device.context(), long_string ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY, s.size() + WORD_PADDING);
  if (long_string) {
    const std::uint64_t bytes = unpacked_bases_read(s.size());
    std::uint8_t* bases = bus->pinned.reserve(bytes);
    if (pack_bases(s, bases, thread_count(0))) {
      cl::Buffer packed(device.context(), CL_MEM_READ_ONLY, bytes);
      device.queue().enqueueWriteBuffer(packed, CL_TRUE, 0, bytes, bases);
      unpack_bases(device, packed, s.size(), BASES_LETTERS, buffer);
      return buffer;
    }
  }
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

void unpack_bases(OpenDevice& device, const cl::Buffer& bases, std::uint64_t count, cl_uint letters,
                  const cl::Buffer& raw, cl::Event* event, cl::CommandQueue* on) {
  cl::Kernel& kernel = device.kernel("bases.cl", "unpack_bases", "");
  const std::size_t wg = std::min<std::size_t>(256, kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device.device()));
  const std::uint64_t items = unpacked_bases_read(count) / 4;
  if (items == 0) return;
  kernel.setArg(0, bases);
  kernel.setArg(1, cl_ulong{items});
  kernel.setArg(2, letters);
  kernel.setArg(3, raw);
  device.launch(kernel, (items + wg - 1) / wg * wg, wg, event, on);
}

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
    BusBases* bus = bus_for(device, sa, sb);
    a = upload_string(device, sa, bus);
    b = same ? a : upload_string(device, sb, bus);
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
  BusBases* bus = bus_for(device, a, b);
  parallel_each(2, 2, [&](std::size_t task) {
    if (task == 1) return meanwhile();
    try {
      ahead.on_a = upload_string(device, a, bus);
      ahead.on_b = same_view(a, b) ? ahead.on_a : upload_string(device, b, bus);
      ahead.a = a, ahead.b = b, ahead.held = true;
    } catch (const cl::Error&) {
      ahead = UploadedAhead(device);
    }
  });
}

StringsAhead::~StringsAhead() { device_.state<UploadedAhead>(kAhead) = UploadedAhead(device_); }

}  // namespace levcl::detail
