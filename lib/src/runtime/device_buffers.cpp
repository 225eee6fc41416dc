#include "runtime/device_buffers.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <utility>

#include "cl/bases.h"
#include "cl/wfa_common.h"
#include "runtime/bases.hpp"
#include "runtime/clock.hpp"
#include "runtime/log.hpp"
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

void GrowingBuffer::keep_at_most(std::uint64_t bytes) {
  if (bytes_ <= bytes) return;
  buffer_ = cl::Buffer();
  bytes_ = 0;
}

namespace {

bool same_view(std::string_view x, std::string_view y) { return x.data() == y.data() && x.size() == y.size(); }

// Where a device's long strings are packed as bases, kept from call to call: pinned host
// memory, which the bus reads at full speed, the bases' place on the device, and the
// string's bytes there (up to kKeptBufferBytes), lent to one DeviceStrings at a time (while
// `lent` holds, strings get buffers of their own); a side for each string of a pair, so
// that a's bases cross while b's are packed.
struct BasesSide {
  explicit BasesSide(OpenDevice& device) : pinned(device) {}
  Pinned<std::uint8_t> pinned;
  GrowingBuffer on_device, unpacked;
  std::weak_ptr<const void> lent;
};
struct BusBases {
  explicit BusBases(OpenDevice& device) : a(device), b(device) {}
  BasesSide a, b;
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

// A copy of a string on the device, to be read only: a long one of up to kKeptBufferBytes in its
// side's buffer where no DeviceStrings holds it, lent under `lease`. A long string of A, C, G and T
// crosses as bases through `side` (when not null): packed into its pinned memory, copied
// and unpacked in the queue's order, which the engines' launches follow; this returns once
// it is packed. Any other crosses as bytes before this returns: a call that fails before
// its first blocking read must not leave the driver copying from memory its caller frees.
cl::Buffer upload_string(OpenDevice& device, std::string_view s, BasesSide* side,
                         const std::shared_ptr<const void>& lease) {
  const bool long_string = side && s.size() >= kBasesFrom;
  // Padded for the kernels' word reads (never empty, which OpenCL refuses), and for
  // unpack_bases's whole words.
  static_assert(WORD_PADDING >= kBasesItemWrites - 1, "unpack_bases writes up to a work-item's bytes past a string");
  cl::Buffer buffer;
  if (long_string && s.size() <= kKeptBufferBytes && lend(side->lent, lease)) {
    buffer = side->unpacked.at_least(device, s.size() + WORD_PADDING);
  } else {
    buffer = cl::Buffer(device.context(), long_string ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY, s.size() + WORD_PADDING);
  }
  if (long_string) {
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t bytes = unpacked_bases_read(s.size());
    std::uint8_t* bases = nullptr;
    try {
      bases = side->pinned.reserve(bytes);
    } catch (const cl::Error& e) {  // pinned memory only saves time: the string goes as bytes
      log().debug("strings: no pinned memory for {} bytes of bases ({}): {} bytes as bytes", bytes,
                  cl_error_name(e.err()), s.size());
    }
    if (bases && pack_bases(s, bases, thread_count(0))) {
      const double packing = seconds_since(start);
      cl::Buffer& packed = side->on_device.at_least(device, bytes);
      device.queue().enqueueWriteBuffer(packed, CL_FALSE, 0, bytes, bases);
      unpack_bases(device, packed, s.size(), BASES_LETTERS, buffer);
      device.queue().flush();  // the copy starts now, not at the engine's first launch or wait
      log().debug("strings: {} bytes as bases, packed in {:.2f} ms, their copy and unpacking queued in {:.2f} ms",
                  s.size(), 1e3 * packing, 1e3 * (seconds_since(start) - packing));
      return buffer;
    }
  }
  if (!s.empty()) device.queue().enqueueWriteBuffer(buffer, CL_TRUE, 0, s.size(), s.data());
  return buffer;
}

// A pair's strings on the device, and the lease on those of its sides' buffers they hold.
struct Uploaded {
  cl::Buffer a, b;
  std::shared_ptr<const void> lease;
};

// A pair's strings on the device (b's a's where the views are the same), one after the
// other, so that a's bases cross while b's are packed (two 1 Mbp strings packed at once on
// two threads were no faster: session 56, call 7; session 60, call 4).
Uploaded upload_pair(OpenDevice& device, std::string_view a, std::string_view b, BusBases* bus) {
  Uploaded up;
  up.lease = std::make_shared<const int>(0);
  up.a = upload_string(device, a, bus ? &bus->a : nullptr, up.lease);
  up.b = same_view(a, b) ? up.a : upload_string(device, b, bus ? &bus->b : nullptr, up.lease);
  return up;
}

// The strings a StringsAhead copied, kept on the device until taken or dropped.
struct UploadedAhead {
  explicit UploadedAhead(OpenDevice&) {}
  std::string_view a, b;
  Uploaded uploaded;
  bool held = false;
};
const std::string kAhead = "strings copied ahead";

}  // namespace

void unpack_bases(OpenDevice& device, const cl::Buffer& bases, std::uint64_t count, cl_uint letters,
                  const cl::Buffer& raw, cl::Event* event, cl::CommandQueue* on) {
  cl::Kernel& kernel = device.kernel("bases.cl", "unpack_bases", "");
  const std::size_t wg = std::min<std::size_t>(256, kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device.device()));
  const std::uint64_t items = unpack_items(count);
  if (items == 0) return;
  kernel.setArg(0, bases);
  kernel.setArg(1, cl_ulong{items});
  kernel.setArg(2, letters);
  kernel.setArg(3, raw);
  device.launch_items(kernel, items, wg, event, on);
}

DeviceStrings::DeviceStrings(OpenDevice& device, std::string_view sa, std::string_view sb) : host_a(sa), host_b(sb) {
  const bool same = same_view(sa, sb);
  bytes = sa.size() + (same ? 0 : sb.size());
  UploadedAhead& ahead = device.state<UploadedAhead>(kAhead);
  Uploaded up;
  if (ahead.held && same_view(ahead.a, sa) && same_view(ahead.b, sb)) {
    up = std::move(ahead.uploaded);
    ahead = UploadedAhead(device);
  } else {
    try {
      up = upload_pair(device, sa, sb, bus_for(device, sa, sb));
    } catch (const cl::Error& e) {
      throw_opencl_error(e, "copying strings to " + device.info().name);
    }
  }
  a = std::move(up.a);
  b = std::move(up.b);
  lease = std::move(up.lease);
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
  const auto start = std::chrono::steady_clock::now();
  BusBases* bus = bus_for(device, a, b);
  double copying = 0, beside = 0;
  parallel_each(2, 2, [&](std::size_t task) {
    const auto begun = std::chrono::steady_clock::now();
    if (task == 1) {
      meanwhile();
      beside = seconds_since(begun);
      return;
    }
    try {
      ahead.uploaded = upload_pair(device, a, b, bus);
      ahead.a = a, ahead.b = b, ahead.held = true;
    } catch (const cl::Error&) {
      ahead = UploadedAhead(device);
    }
    copying = seconds_since(begun);
  });
  log().debug("strings: copied ahead in {:.2f} ms beside {:.2f} ms of the call's own work, {:.2f} ms in all",
              1e3 * copying, 1e3 * beside, 1e3 * seconds_since(start));
}

StringsAhead::~StringsAhead() { device_.state<UploadedAhead>(kAhead) = UploadedAhead(device_); }

}  // namespace levcl::detail
