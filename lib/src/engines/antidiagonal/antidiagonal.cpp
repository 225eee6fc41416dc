// The antidiagonal family (cl/antidiagonal.cl): the plain Wagner-Fischer
// dynamic programme, one kernel launch per anti-diagonal d = i + j, the naive GPU
// baseline. Every one of the m*n cells is computed, whatever the distance; three
// rotating buffers of min(m,n)+1 cells hold anti-diagonals d-2, d-1 and d. The number of
// launches (m+n+1) is known in advance, so the host enqueues them all and reads the one
// cell D[m][n] at the end.
#include <algorithm>
#include <utility>

#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "engines/registry.hpp"

namespace levcl::detail {
namespace {

// antidiagonal's arguments, in the kernel's order.
struct AntidiagonalArgs {
  cl::Buffer a, b, before_previous, previous, current;
  cl_int i_lo, i_hi, j_lo;
  auto fields() const { return std::tie(a, b, before_previous, previous, current, i_lo, i_hi, j_lo); }
};

// Three anti-diagonals of the shorter string's length + 1 cells, and the strings.
MemoryNeeds diagonals_memory(std::uint64_t m, std::uint64_t n) {
  const std::uint64_t diagonal_bytes = (std::min(m, n) + 1) * sizeof(cl_uint);
  return {3 * diagonal_bytes + m + n, diagonal_bytes};
}

Result run_antidiagonal(OpenDevice& device, const Call& call) {
  const std::int64_t wg = call.params.at("wg");
  cl::Kernel& kernel = device.kernel("antidiagonal.cl", "antidiagonal", "-DWG=" + std::to_string(wg));
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  // The distance is symmetric: make a the shorter string, so anti-diagonals, stored by
  // row, need min(m,n)+1 cells. Every cell is computed whatever max_distance says: the
  // naive baseline stays naive.
  std::string_view sa = call.pair.a(), sb = call.pair.b();
  if (sa.size() > sb.size()) std::swap(sa, sb);
  const std::int64_t m = static_cast<std::int64_t>(sa.size()), n = static_cast<std::int64_t>(sb.size());
  Result result;
  result.costs.cells = static_cast<std::uint64_t>(m) * static_cast<std::uint64_t>(n);
  if (m == 0) {
    // D[0][n] = n: the DP is its own boundary, no cell to compute, so no launch.
    result.distance = n;
    return result;
  }

  const MemoryNeeds needs = diagonals_memory(static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(n));
  const std::uint64_t diagonal_bytes = needs.largest_buffer;
  check_memory(device.info(), needs, "antidiagonal's three anti-diagonals");
  BusySpan busy;
  try {
    AntidiagonalArgs args;
    const DeviceStrings strings(device, sa, sb);
    args.a = strings.a;
    args.b = strings.b;
    // Uninitialised on purpose: every cell a launch reads was written by an earlier one.
    cl::Buffer diagonals[3];
    for (auto& diagonal : diagonals) diagonal = cl::Buffer(device.context(), CL_MEM_READ_WRITE, diagonal_bytes);
    const std::int64_t last_d = m + n;
    for (std::int64_t d = 0; d <= last_d; ++d) {
      // Rows of anti-diagonal d inside the matrix: j = d - i must lie in [0, n].
      const std::int64_t i_lo = std::max<std::int64_t>(0, d - n), i_hi = std::min(m, d);
      const std::uint64_t items = static_cast<std::uint64_t>(i_hi - i_lo + 1);
      args.before_previous = diagonals[(d + 1) % 3];
      args.previous = diagonals[(d + 2) % 3];
      args.current = diagonals[d % 3];
      args.i_lo = static_cast<cl_int>(i_lo);
      args.i_hi = static_cast<cl_int>(i_hi);
      args.j_lo = static_cast<cl_int>(d - i_lo);
      set_args(kernel, args);
      device.launch_items(kernel, items, static_cast<std::size_t>(wg), busy.event(d == last_d));
      ++result.costs.launches;
      log().debug("d={} rows [{}, {}] items={}", d, i_lo, i_hi, items);
    }
    // D[m][n]: row m of the last anti-diagonal. The blocking read waits for every launch.
    cl_uint distance = 0;
    device.queue().enqueueReadBuffer(diagonals[last_d % 3], CL_TRUE, static_cast<std::size_t>(m) * sizeof(cl_uint),
                                     sizeof distance, &distance);
    result.distance = distance;
    result.costs.kernel_seconds = busy.seconds();
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running antidiagonal on " + device.info().name);
  }
  return result;
}

std::vector<Variant> antidiagonal_variants() {
  Variant v;
  v.info.name = "antidiagonal";
  v.info.description = "plain DP on anti-diagonals, three rotating buffers, one launch per anti-diagonal";
  v.info.uses_device = true;
  v.info.params = {workgroup_param(128)};
  v.info.work = Work::matrix;
  v.info.tuned = false;  // the naive baseline: m + n + 1 launches, never worth tuning for speed
  v.needs = [](const Params& p) { return DeviceNeeds{static_cast<std::uint64_t>(p.at("wg")), 0}; };
  v.memory = [](const Params&, const PairShape& pair) {
    return diagonals_memory(static_cast<std::uint64_t>(pair.m), static_cast<std::uint64_t>(pair.n));
  };
  v.distance = {[](OpenDevice* device, const Call& call) { return run_antidiagonal(*device, call); },
                measured_cost(v.info.work)};
  return {v};
}

const FamilyRegistration registration{10, "antidiagonal", antidiagonal_variants};

}  // namespace
}  // namespace levcl::detail
