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
  const bool diamond = params.at("diamond") != 0;
  const bool words = extend_by_words(sa, sb, params.at("extend"));
  const std::string options = "-DWG=" + std::to_string(wg) + " -DPREFETCH=" + (strategy.prefetch ? "1" : "0") +
                              " -DEXTEND_WORDS=" + (words ? "1" : "0");
  cl::Kernel kernel = device.kernel({"wfa_common.cl", "wfa_column.cl"}, "wfa_column", options);
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  const auto start = Clock::now();
  const std::int64_t m = static_cast<std::int64_t>(sa.size()), n = static_cast<std::int64_t>(sb.size());
  WavefrontBuffers buffers(device, sa, sb, 2);
  Result result;
  try {
    kernel.setArg(0, buffers.a);
    kernel.setArg(1, static_cast<cl_int>(m));
    kernel.setArg(2, buffers.b);
    kernel.setArg(3, static_cast<cl_int>(n));
    kernel.setArg(10, buffers.state);
    WavefrontSteps steps;
    steps.last_step = std::max(m, n);
    steps.read_interval = strategy.fixed_reads ? 1 : params.at("read-interval");
    steps.live = [&](std::int64_t r, std::int64_t bound) { return !live_diagonals(m, n, r, bound, diamond).empty(); };
    steps.enqueue = [&](std::int64_t r, std::int64_t bound, cl::Event* event) {
      const DiagonalRange range = live_diagonals(m, n, r, bound, diamond);
      const std::int64_t k_first = strategy.full_ndrange ? -m : range.lo;
      const std::uint64_t items = strategy.full_ndrange ? static_cast<std::uint64_t>(m + n + 1) : range.size();
      const std::uint64_t global = (items + wg - 1) / wg * wg;
      kernel.setArg(4, buffers.columns[(r + 1) % 2]);
      kernel.setArg(5, buffers.columns[r % 2]);
      kernel.setArg(6, static_cast<cl_int>(r));
      kernel.setArg(7, static_cast<cl_int>(k_first));
      kernel.setArg(8, static_cast<cl_int>(range.lo));
      kernel.setArg(9, static_cast<cl_int>(range.hi));
      device.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(wg), nullptr,
                                          event);
      log().debug("r={} diagonals [{}, {}] global={} bound={}", r, range.lo, range.hi, global, bound);
      return range.size();
    };
    result = run_wavefront(device.queue(), buffers, std::max(m, n), steps);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running wfa_column on " + device.info().name);
  }
  result.seconds = seconds_since(start);
  return result;
}

}  // namespace levcl::detail
