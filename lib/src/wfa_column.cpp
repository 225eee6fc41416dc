// Host routine of the one-column-per-launch family (cl/wfa_column.cl): baseline,
// dynamic, minreads and prefetch differ only in the NDRange, how often the host reads
// the result, and whether the previous column is staged in local memory.
#include "log.hpp"
#include "variants.hpp"
#include "wavefront.hpp"

namespace levcl::detail {

Result run_wfa_column(OpenDevice& device, const ColumnStrategy& strategy, std::string_view sa, std::string_view sb,
                      const Params& params) {
  const std::int64_t wg = params.at("wg");
  const std::int64_t read_interval = strategy.fixed_reads ? 1 : params.at("read-interval");
  const bool diamond = params.at("diamond") != 0;
  if (static_cast<std::size_t>(wg) > device.info().max_workgroup)
    throw Error(ErrorCode::unsupported, "workgroup size " + std::to_string(wg) + " is too big for " +
                                            device.info().name + " (at most " +
                                            std::to_string(device.info().max_workgroup) + ")");
  const std::string options = "-DWG=" + std::to_string(wg) + " -DPREFETCH=" + (strategy.prefetch ? "1" : "0");
  cl::Kernel kernel = device.kernel({"wfa_common.cl", "wfa_column.cl"}, "wfa_column", options);
  device.check_launch(kernel, static_cast<std::size_t>(wg), 0);

  const auto start = Clock::now();
  const std::int64_t m = static_cast<std::int64_t>(sa.size()), n = static_cast<std::int64_t>(sb.size());
  const std::int64_t last_radius = std::max(m, n);  // the distance never exceeds it
  WavefrontBuffers buffers(device, sa, sb);
  cl::CommandQueue& queue = device.queue();
  Result result;
  cl::Event first, last;
  try {
    kernel.setArg(0, buffers.a);
    kernel.setArg(1, static_cast<cl_int>(m));
    kernel.setArg(2, buffers.b);
    kernel.setArg(3, static_cast<cl_int>(n));
    kernel.setArg(10, buffers.state);
    // The host's view of the dynamic-diamond bound; it lags the device's by at most one
    // read interval, which only costs a few extra diagonals, never exactness.
    std::int64_t bound = last_radius;
    for (std::int64_t r = 0;; ++r) {
      const DiagonalRange range = live_diagonals(m, n, r, bound, diamond);
      const bool read_after = range.empty() || live_diagonals(m, n, r + 1, bound, diamond).empty() ||
                              (r + 1) % read_interval == 0 || r >= last_radius;
      if (!range.empty()) {
        const std::int64_t k_first = strategy.full_ndrange ? -m : range.lo;
        const std::uint64_t items = strategy.full_ndrange ? static_cast<std::uint64_t>(m + n + 1) : range.size();
        const std::uint64_t global = (items + wg - 1) / wg * wg;
        kernel.setArg(4, buffers.columns[(r + 1) % 2]);
        kernel.setArg(5, buffers.columns[r % 2]);
        kernel.setArg(6, static_cast<cl_int>(r));
        kernel.setArg(7, static_cast<cl_int>(k_first));
        kernel.setArg(8, static_cast<cl_int>(range.lo));
        kernel.setArg(9, static_cast<cl_int>(range.hi));
        cl::Event event;
        const bool timed = result.launches == 0 || read_after;
        queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(wg), nullptr,
                                   timed ? &event : nullptr);
        if (result.launches == 0) first = event;
        if (timed) last = event;
        result.cells += range.size();
        ++result.launches;
        log().debug("r={} diagonals [{}, {}] global={} bound={}", r, range.lo, range.hi, global, bound);
      }
      if (!read_after) continue;
      const auto state = buffers.read_state(queue);
      if (state.solution >= 0) {
        result.distance = state.solution;
        break;
      }
      if (range.empty() || r >= last_radius)
        throw Error(ErrorCode::internal, "wavefront ended at radius " + std::to_string(r) + " without a solution");
      bound = state.bound;
    }
    result.seconds = seconds_since(start);
    result.kernel_seconds = busy_seconds(first, last);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running wfa_column on " + device.info().name);
  }
  return result;
}

}  // namespace levcl::detail
