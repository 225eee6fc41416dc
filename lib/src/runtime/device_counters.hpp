// Counters that a running launch keeps in device memory (a stripe's columns, a wavefront's
// steps, pairs finished), for the host to read while the launch runs (OpenDevice::Watch).
#pragma once

#include <cstddef>
#include <memory>

#include "runtime/opencl.hpp"

namespace levcl::detail {

class DeviceCounters {
 public:
  // `in_host_memory`: for CPU devices, where the buffer is host memory that the kernel
  // writes in place and the host reads directly (POCL orders a read command of a buffer
  // after the running launch that writes it). Elsewhere the buffer is device memory, read
  // through a second queue.
  DeviceCounters(const cl::Context& context, bool in_host_memory, std::size_t count);

  const cl::Buffer& buffer() const { return buffer_; }
  std::size_t count() const { return count_; }
  // The counters as the kernel writes them; null where they are read through a queue.
  const volatile cl_int* host() const { return host_.get(); }

 private:
  std::size_t count_;
  std::unique_ptr<cl_int, void (*)(void*)> host_;
  cl::Buffer buffer_;
};

}  // namespace levcl::detail
