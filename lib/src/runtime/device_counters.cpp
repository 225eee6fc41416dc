#include "runtime/device_counters.hpp"

#include <cstdlib>

namespace levcl::detail {
namespace {

// Page-aligned, so that the driver takes the memory as the buffer's own instead of copying it.
constexpr std::size_t kAlignment = 4096;

cl_int* host_counters(std::size_t count) {
  const std::size_t bytes = (count * sizeof(cl_int) + kAlignment - 1) / kAlignment * kAlignment;
  auto* memory = static_cast<cl_int*>(std::aligned_alloc(kAlignment, bytes));
  if (!memory) throw std::bad_alloc();
  return memory;
}

}  // namespace

DeviceCounters::DeviceCounters(const cl::Context& context, bool in_host_memory, std::size_t count)
    : count_(count), host_(in_host_memory ? host_counters(count) : nullptr, std::free) {
  const std::size_t bytes = count * sizeof(cl_int);
  buffer_ = host_ ? cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, host_.get())
                  : cl::Buffer(context, CL_MEM_READ_WRITE, bytes);
}

}  // namespace levcl::detail
