// Device memory the engines keep: strings copied to a device, and buffers that grow.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

#include "runtime/open_device.hpp"

namespace levcl::detail {

// The largest device buffer an engine keeps from call to call. A new buffer's first launch
// cost NVIDIA's driver 0.12-0.14 ms on the H200, a fifth of a 1 Mbp pair's host time
// (session 60); pairs of longer strings take 14 ms or more (10 Mbp at 99.9%), and their
// buffers would hold more of the device's memory between calls.
constexpr std::uint64_t kKeptBufferBytes = std::uint64_t{16} << 20;

// Lends something a device keeps from call to call (a side's string buffer, bitpar's
// launch buffers) to the holder of `lease`, where no other lease holds it: then true, and
// `lent` expires when the lease goes; else false, and the caller takes something of its own.
inline bool lend(std::weak_ptr<const void>& lent, const std::shared_ptr<const void>& lease) {
  if (!lent.expired()) return false;
  lent = lease;
  return true;
}

// A device buffer kept from launch to launch that grows to the largest size asked of it
// (what it held is not kept when it grows).
class GrowingBuffer {
 public:
  // The buffer, reallocated (the old one freed first) when smaller than `bytes`.
  cl::Buffer& at_least(OpenDevice& device, std::uint64_t bytes);
  // Frees the buffer where it is larger than `bytes`.
  void keep_at_most(std::uint64_t bytes);
  cl::Buffer& buffer() { return buffer_; }
  std::uint64_t bytes() const { return bytes_; }

 private:
  cl::Buffer buffer_;
  std::uint64_t bytes_ = 0;
};

// Host memory the device copies from at full speed: a buffer allocated by the driver and
// mapped for the whole run.
template <typename T>
class Pinned {
 public:
  explicit Pinned(OpenDevice& device) : device_(&device) {}
  ~Pinned() {
    try {
      release();
    } catch (const cl::Error&) {
      // the context goes with the device: nothing left to unmap into
    }
  }
  Pinned(const Pinned&) = delete;
  Pinned& operator=(const Pinned&) = delete;

  // Throws cl::Error where the driver cannot pin that much; holds nothing then, and tries
  // again at the next call.
  T* reserve(std::size_t count) {
    if (count > capacity_) {
      release();
      capacity_ = 0;
      const std::size_t capacity = std::max<std::size_t>(count, 1);
      buffer_ = cl::Buffer(device_->context(), CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, capacity * sizeof(T));
      data_ = static_cast<T*>(device_->queue().enqueueMapBuffer(buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                                                capacity * sizeof(T)));
      capacity_ = capacity;
    }
    return data_;
  }
  T* data() const { return data_; }

 private:
  void release() {
    if (data_) device_->queue().enqueueUnmapMemObject(buffer_, data_);
    data_ = nullptr;
  }
  OpenDevice* device_;
  cl::Buffer buffer_;
  T* data_ = nullptr;
  std::size_t capacity_ = 0;
};

// Two strings on the device for the launches of one call (the alignment's breakpoints and
// tracebacks share them); b is a's buffer when they are the same view. Each is WORD_PADDING
// (cl/wfa_common.h) bytes longer than its string, their values unused. Those a StringsAhead
// of the same views holds are taken, not copied again.
struct DeviceStrings {
  DeviceStrings(OpenDevice& device, std::string_view a, std::string_view b);
  // Both sides one buffer already on the device, of `bytes` bytes, which the host holds at
  // `host` (join_strings's).
  DeviceStrings(cl::Buffer both, std::uint64_t bytes, std::string_view host)
      : host_a(host), host_b(host), a(both), b(both), bytes(bytes) {}
  std::string_view host_a, host_b;
  cl::Buffer a, b;
  std::uint64_t bytes = 0;  // device memory they hold
  // Held while a or b is a buffer the device keeps from call to call (long strings'), so
  // that no other DeviceStrings is given it meanwhile.
  std::shared_ptr<const void> lease;
};

// Enqueues unpack_bases (cl/bases.cl) on `on` (null: the device's queue), asking for
// `event` when not null: the `count` bases (runtime/bases.hpp) in `bases` as bytes into
// `raw`, code c as byte c of `letters` (BASES_LETTERS: the letters).
void unpack_bases(OpenDevice& device, const cl::Buffer& bases, std::uint64_t count, cl_uint letters,
                  const cl::Buffer& raw, cl::Event* event = nullptr, cl::CommandQueue* on = nullptr);

// A pair's strings copied to the device on a helper thread while this one does `meanwhile`
// (the pair's sample, auto's choice: host work the engine waits for anyway), for the call's
// first DeviceStrings of the same views to take; what is not taken goes with this. A copy
// that fails is left for that DeviceStrings to meet again, after its engine's own memory
// checks; strings too large to copy ahead on a whim are not.
class StringsAhead {
 public:
  StringsAhead(OpenDevice& device, std::string_view a, std::string_view b, const std::function<void()>& meanwhile);
  ~StringsAhead();
  StringsAhead(const StringsAhead&) = delete;
  StringsAhead& operator=(const StringsAhead&) = delete;

 private:
  OpenDevice& device_;
};

}  // namespace levcl::detail
