// Host routine of the antidiagonal variant (cl/antidiagonal.cl): the plain Wagner-Fischer
// dynamic programme, one kernel launch per anti-diagonal d = i + j, the naive GPU
// baseline. Every one of the m*n cells is computed, whatever the distance; three
// rotating buffers of min(m,n)+1 cells hold anti-diagonals d-2, d-1 and d. The number of
// launches (m+n+1) is known in advance, so the host enqueues them all and reads the one
// cell D[m][n] at the end.
#include <algorithm>
#include <utility>

#include "log.hpp"
#include "variants.hpp"
#include "wavefront.hpp"

namespace levcl::detail {
Result run_antidiagonal(OpenDevice& device, std::string_view sa, std::string_view sb, const Params& params) {
  const std::int64_t wg = params.at("wg");
  cl::Kernel kernel = device.kernel({"antidiagonal.cl"}, "antidiagonal", "-DWG=" + std::to_string(wg));
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  const auto start = Clock::now();
  // The distance is symmetric: make a the shorter string, so anti-diagonals, stored by
  // row, need min(m,n)+1 cells.
  if (sa.size() > sb.size()) std::swap(sa, sb);
  const std::int64_t m = static_cast<std::int64_t>(sa.size()), n = static_cast<std::int64_t>(sb.size());
  Result result;
  result.cells = static_cast<std::uint64_t>(m) * static_cast<std::uint64_t>(n);
  if (m == 0) {
    // D[0][n] = n: the DP is its own boundary, no cell to compute, so no launch.
    result.distance = n;
    result.seconds = seconds_since(start);
    return result;
  }

  const DeviceInfo& info = device.info();
  const std::uint64_t diagonal_bytes = static_cast<std::uint64_t>(m + 1) * sizeof(cl_uint);
  if (diagonal_bytes > info.max_allocation || 3 * diagonal_bytes + m + n > info.global_memory)
    throw Error(ErrorCode::out_of_memory,
                "device out of memory: three anti-diagonals of " + std::to_string(diagonal_bytes) +
                    " bytes each do not fit " + info.name + " (" + std::to_string(info.max_allocation) +
                    " bytes per buffer, " + std::to_string(info.global_memory) + " in all)");
  cl::CommandQueue& queue = device.queue();
  cl::Event first, last;
  try {
    const cl::Buffer a = upload_string(device, sa), b = upload_string(device, sb);
    // Uninitialised on purpose: every cell a launch reads was written by an earlier one.
    cl::Buffer diagonals[3];
    for (auto& diagonal : diagonals) diagonal = cl::Buffer(device.context(), CL_MEM_READ_WRITE, diagonal_bytes);
    kernel.setArg(0, a);
    kernel.setArg(1, b);
    const std::int64_t last_d = m + n;
    for (std::int64_t d = 0; d <= last_d; ++d) {
      // Rows of anti-diagonal d inside the matrix: j = d - i must lie in [0, n].
      const std::int64_t i_lo = std::max<std::int64_t>(0, d - n), i_hi = std::min(m, d);
      const std::uint64_t items = static_cast<std::uint64_t>(i_hi - i_lo + 1);
      const std::uint64_t global = (items + wg - 1) / wg * wg;
      kernel.setArg(2, diagonals[(d + 1) % 3]);  // d-2
      kernel.setArg(3, diagonals[(d + 2) % 3]);  // d-1
      kernel.setArg(4, diagonals[d % 3]);
      kernel.setArg(5, static_cast<cl_int>(i_lo));
      kernel.setArg(6, static_cast<cl_int>(i_hi));
      kernel.setArg(7, static_cast<cl_int>(d - i_lo));
      // Events only on the first and last launch: they bound the busy span, and an event
      // per launch would cost as much as the launch on a small anti-diagonal.
      cl::Event event;
      const bool timed = d == 0 || d == last_d;
      queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(wg), nullptr,
                                 timed ? &event : nullptr);
      if (d == 0) first = event;
      if (d == last_d) last = event;
      ++result.launches;
      log().debug("d={} rows [{}, {}] global={}", d, i_lo, i_hi, global);
    }
    // D[m][n]: row m of the last anti-diagonal. The blocking read waits for every launch.
    cl_uint distance = 0;
    queue.enqueueReadBuffer(diagonals[last_d % 3], CL_TRUE, static_cast<std::size_t>(m) * sizeof(cl_uint),
                            sizeof distance, &distance);
    result.distance = distance;
    result.seconds = seconds_since(start);
    result.kernel_seconds = busy_seconds(first, last);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running antidiagonal on " + device.info().name);
  }
  return result;
}

}  // namespace levcl::detail
