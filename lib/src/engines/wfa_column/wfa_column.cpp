// The one-column-per-launch family (cl/wfa_column.cl, paper Sections 4.1-4.2.1):
// baseline, dynamic, minreads and prefetch differ only in the NDRange, how often the host
// reads the result, and whether the previous column is staged in local memory.
#include "runtime/log.hpp"
#include "engines/registry.hpp"
#include "engines/wavefront_steps.hpp"

namespace levcl::detail {
namespace {

enum class Launch { whole_column, live_diagonals };  // baseline: one work-item per cell of the m+n+1
enum class Reads { every_radius, every_interval };   // every_interval: the read-interval parameter
enum class Staging { none, local_memory };           // prefetch: the previous column in local memory

struct ColumnStrategy {
  Launch launch;
  Reads reads;
  Staging staging;
};

// wfa_column's arguments, in the kernel's order.
struct ColumnArgs {
  cl::Buffer a;
  cl_int m;
  cl::Buffer b;
  cl_int n;
  cl::Buffer prev, next;
  cl_int r, k_first, k_lo, k_hi;
  cl::Buffer state;
  auto fields() const { return std::tie(a, m, b, n, prev, next, r, k_first, k_lo, k_hi, state); }
};

Result run_wfa_column(OpenDevice& device, const ColumnStrategy& strategy, const Call& call) {
  const Params& params = call.params;
  const std::int64_t wg = params.at("wg");
  const bool diamond = params.at("diamond") != 0;
  const bool words = extend_by_words(call.pair, params.at("extend"));
  const std::string options = "-DWG=" + std::to_string(wg) +
                              " -DPREFETCH=" + (strategy.staging == Staging::local_memory ? "1" : "0") +
                              " -DEXTEND_WORDS=" + (words ? "1" : "0");
  cl::Kernel& kernel = device.kernel("wfa_column.cl", "wfa_column", options);
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  WavefrontBuffers buffers(device, call.pair.a(), call.pair.b(), 2, call.max_distance);
  try {
    ColumnArgs args{buffers.a, static_cast<cl_int>(m), buffers.b, static_cast<cl_int>(n), {}, {}, 0, 0, 0, 0,
                    buffers.state};
    WavefrontSteps steps;
    steps.last_step = call.max_distance;
    steps.read_interval = strategy.reads == Reads::every_radius ? 1 : params.at("read-interval");
    steps.live = [&](std::int64_t r, std::int64_t bound) { return !live_diagonals(m, n, r, bound, diamond).empty(); };
    steps.enqueue = [&](std::int64_t r, std::int64_t bound, cl::Event* event) {
      const DiagonalRange range = live_diagonals(m, n, r, bound, diamond);
      const bool whole = strategy.launch == Launch::whole_column;
      const std::uint64_t items = whole ? static_cast<std::uint64_t>(m + n + 1) : range.size();
      args.prev = buffers.columns[(r + 1) % 2];
      args.next = buffers.columns[r % 2];
      args.r = static_cast<cl_int>(r);
      args.k_first = static_cast<cl_int>(whole ? -m : range.lo);
      args.k_lo = static_cast<cl_int>(range.lo);
      args.k_hi = static_cast<cl_int>(range.hi);
      set_args(kernel, args);
      device.launch_items(kernel, items, static_cast<std::size_t>(wg), event);
      log().debug("r={} diagonals [{}, {}] items={} bound={}", r, range.lo, range.hi, items, bound);
      return range.size();
    };
    return run_wavefront(device, buffers, call.max_distance, steps, call.pair);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running wfa_column on " + device.info().name);
  }
}

Variant column_variant(std::string name, std::string description, ColumnStrategy strategy) {
  Variant v;
  v.info.name = std::move(name);
  v.info.description = std::move(description);
  v.info.uses_device = true;
  v.info.params = {workgroup_param(128), diamond_param(), extend_param()};
  if (strategy.reads == Reads::every_interval) v.info.params.insert(v.info.params.begin() + 1, read_interval_param());
  v.needs = [strategy](const Params& p) {
    const auto wg = static_cast<std::uint64_t>(p.at("wg"));
    return DeviceNeeds{wg, strategy.staging == Staging::local_memory ? (wg + 2) * sizeof(cl_int) : 0};
  };
  v.memory = [](const Params&, const PairShape& pair) {
    return wavefront_memory(2, static_cast<std::uint64_t>(pair.m), static_cast<std::uint64_t>(pair.n));
  };
  v.distance = {[strategy](OpenDevice* device, const Call& call) { return run_wfa_column(*device, strategy, call); },
                measured_cost(v.info.work)};
  return v;
}

std::vector<Variant> column_variants() {
  return {
      column_variant("baseline", "one work-item per cell of the whole column, one launch and one read per radius",
                     {Launch::whole_column, Reads::every_radius, Staging::none}),
      column_variant("dynamic", "NDRange shrinks to the live diagonals, one read per radius",
                     {Launch::live_diagonals, Reads::every_radius, Staging::none}),
      column_variant("minreads", "live diagonals only, one read every read-interval launches",
                     {Launch::live_diagonals, Reads::every_interval, Staging::none}),
      column_variant("prefetch", "minreads with the previous column staged in local memory",
                     {Launch::live_diagonals, Reads::every_interval, Staging::local_memory}),
  };
}

const FamilyRegistration registration{20, "wfa_column", column_variants};

}  // namespace
}  // namespace levcl::detail
