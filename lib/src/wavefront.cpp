#include "wavefront.hpp"

#include <algorithm>
#include <limits>

#include "variants.hpp"

namespace levcl::detail {
namespace {

constexpr cl_int unreached = -0x3fffffff;  // UNREACHED of cl/wfa_common.cl
constexpr cl_int unknown = std::numeric_limits<cl_int>::max();

}  // namespace

WavefrontBuffers::WavefrontBuffers(OpenDevice& device, std::string_view sa, std::string_view sb, int column_count)
    : columns(static_cast<std::size_t>(column_count)) {
  const std::uint64_t cells = static_cast<std::uint64_t>(sa.size()) + sb.size() + 3;
  const std::uint64_t column_bytes = cells * sizeof(cl_int);
  const DeviceInfo& info = device.info();
  if (column_bytes > info.max_allocation || column_count * column_bytes + sa.size() + sb.size() > info.global_memory)
    throw Error(ErrorCode::out_of_memory,
                "device out of memory: " + std::to_string(column_count) + " wavefront columns of " + std::to_string(column_bytes) + " bytes each do not fit " +
                    info.name + " (" + std::to_string(info.max_allocation) + " bytes per buffer, " +
                    std::to_string(info.global_memory) + " in all)");
  try {
    a = upload_string(device, sa);
    b = upload_string(device, sb);
    for (auto& column : columns) {
      column = cl::Buffer(device.context(), CL_MEM_READ_WRITE, column_bytes);
      device.queue().enqueueFillBuffer(column, unreached, 0, column_bytes);
    }
    const cl_int initial[4] = {unknown, static_cast<cl_int>(std::max(sa.size(), sb.size())), 0, 0};
    state = cl::Buffer(device.context(), CL_MEM_READ_WRITE, sizeof initial);
    device.queue().enqueueWriteBuffer(state, CL_TRUE, 0, sizeof initial, initial);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "allocating wavefront buffers on " + info.name);
  }
}

WavefrontBuffers::State WavefrontBuffers::read_state(cl::CommandQueue& queue) {
  cl_uint values[4];
  queue.enqueueReadBuffer(state, CL_TRUE, 0, sizeof values, values);
  const auto solution = static_cast<cl_int>(values[0]);
  return {solution == unknown ? -1 : solution, static_cast<cl_int>(values[1]),
          (static_cast<std::uint64_t>(values[3]) << 32) | values[2]};
}

bool extend_by_words(std::string_view a, std::string_view b, std::int64_t extend) {
  if (extend != 1) return extend == 2;
  constexpr std::size_t sample = 1024, run = 16;
  const std::size_t w = std::min({sample, a.size(), b.size()});
  if (w < 4 * run) return false;  // too short to tell, and too short to matter
  // Only whether the distance is at most w / run matters: the WFA stops past it, so a
  // dissimilar sample costs (w / run)^2 cells, not the O(w d) of its whole distance.
  return cpu_wfa_distance(a.substr(0, w), b.substr(0, w), static_cast<std::int64_t>(w / run)).has_value();
}

double busy_seconds(const cl::Event& first, const cl::Event& last) {
  const auto start = first.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const auto end = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return end > start ? static_cast<double>(end - start) * 1e-9 : 0.0;
}

Result run_wavefront(cl::CommandQueue& queue, WavefrontBuffers& buffers, std::int64_t initial_bound,
                     const WavefrontSteps& steps) {
  Result result;
  cl::Event first, last;
  std::int64_t bound = initial_bound;
  for (std::int64_t step = 0;; ++step) {
    const bool live = steps.live(step, bound);
    const bool read_after = !live || !steps.live(step + 1, bound) || (step + 1) % steps.read_interval == 0 ||
                            step >= steps.last_step;
    if (live) {
      // Events only where the busy span needs them: they cost time on every launch.
      const bool timed = result.launches == 0 || read_after;
      cl::Event event;
      result.cells += steps.enqueue(step, bound, timed ? &event : nullptr);
      if (result.launches == 0) first = event;
      if (timed) last = event;
      ++result.launches;
    }
    if (!read_after) continue;
    const auto state = buffers.read_state(queue);
    if (state.solution >= 0) {
      result.distance = state.solution;
      result.cells += state.cells;
      break;
    }
    if (!live || step >= steps.last_step)
      throw Error(ErrorCode::internal, "wavefront ended at step " + std::to_string(step) + " without a solution");
    bound = state.bound;
  }
  result.kernel_seconds = busy_seconds(first, last);
  return result;
}

}  // namespace levcl::detail
