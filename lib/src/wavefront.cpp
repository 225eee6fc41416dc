#include "wavefront.hpp"

#include <limits>

namespace levcl::detail {
namespace {

constexpr cl_int unreached = -0x3fffffff;  // UNREACHED of cl/wfa_common.cl
constexpr cl_int unknown = std::numeric_limits<cl_int>::max();

cl::Buffer upload(OpenDevice& device, std::string_view s) {
  // OpenCL has no empty buffers: an empty string gets one unused byte.
  const std::size_t bytes = std::max<std::size_t>(s.size(), 1);
  cl::Buffer buffer(device.context(), CL_MEM_READ_ONLY, bytes);
  if (!s.empty()) device.queue().enqueueWriteBuffer(buffer, CL_FALSE, 0, s.size(), s.data());
  return buffer;
}

}  // namespace

WavefrontBuffers::WavefrontBuffers(OpenDevice& device, std::string_view sa, std::string_view sb) {
  const std::uint64_t cells = static_cast<std::uint64_t>(sa.size()) + sb.size() + 3;
  const std::uint64_t column_bytes = cells * sizeof(cl_int);
  const DeviceInfo& info = device.info();
  if (column_bytes > info.max_allocation || 2 * column_bytes + sa.size() + sb.size() > info.global_memory)
    throw Error(ErrorCode::out_of_memory,
                "device out of memory: two wavefront columns of " + std::to_string(column_bytes) + " bytes each do not fit " +
                    info.name + " (" + std::to_string(info.max_allocation) + " bytes per buffer, " +
                    std::to_string(info.global_memory) + " in all)");
  try {
    a = upload(device, sa);
    b = upload(device, sb);
    for (auto& column : columns) {
      column = cl::Buffer(device.context(), CL_MEM_READ_WRITE, column_bytes);
      device.queue().enqueueFillBuffer(column, unreached, 0, column_bytes);
    }
    const cl_int initial[2] = {unknown, static_cast<cl_int>(std::max(sa.size(), sb.size()))};
    state = cl::Buffer(device.context(), CL_MEM_READ_WRITE, sizeof initial);
    device.queue().enqueueWriteBuffer(state, CL_TRUE, 0, sizeof initial, initial);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "allocating wavefront buffers on " + info.name);
  }
}

WavefrontBuffers::State WavefrontBuffers::read_state(cl::CommandQueue& queue) {
  cl_int values[2];
  queue.enqueueReadBuffer(state, CL_TRUE, 0, sizeof values, values);
  return {values[0] == unknown ? -1 : values[0], values[1]};
}

double busy_seconds(const cl::Event& first, const cl::Event& last) {
  const auto start = first.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const auto end = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return end > start ? static_cast<double>(end - start) * 1e-9 : 0.0;
}

}  // namespace levcl::detail
