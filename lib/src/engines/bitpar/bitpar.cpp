// The bit-parallel family (bitpar.hpp; cl/bitpar_common.cl with cl/bitpar.cl or
// cl/bitpar_vector.cl): `bitpar` (GPUs) and `bitpar-vector` (CPU devices), one launch per
// band, and `cpu-bitpar`, the same stripes on one CPU thread. Without a bound the
// band starts from an estimate of the distance and doubles until the answer fits in it
// (edlib's rule); the full matrix needs one run.
#include <algorithm>
#include <climits>
#include <vector>

#include "engines/bitpar/bitpar.hpp"
#include "engines/divergence.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "engines/registry.hpp"

namespace levcl::detail {
namespace {

// The first band's bound: the caller's k, else first_bound's from the pair's estimated
// distance (its sample's). Taken before anything is launched: a device would otherwise wait
// while the host samples (up to 3 ms on a divergent pair).
std::int64_t first_call_bound(const Call& call) {
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  if (call.max_distance < std::max(m, n)) return call.max_distance;
  return first_bound(m, n, call.pair.estimated_distance());
}

// The distance through bands of growing bound from first_call_bound's until the answer is
// within the bound (once only with the caller's k). `run(band)` returns D' (bitpar.hpp), an
// upper bound of the distance: the next bound is D' where that is less than twice the last,
// and D' itself is then exact.
template <typename Run>
std::int64_t through_bands(const Call& call, std::int64_t m, std::int64_t n, std::int64_t k, Run&& run) {
  const std::int64_t longest = std::max(m, n);
  const bool bounded = call.max_distance < longest;
  for (;;) {
    const std::int64_t d = run(band_for(m, n, k));
    if (d <= k || k >= longest || bounded) return d;
    k = std::min({longest, 2 * k, d});
  }
}

// The longer string as A: rows make stripes, and more stripes keep more of a device busy.
std::pair<std::string_view, std::string_view> rows_first(const Call& call) {
  return call.pair.a().size() >= call.pair.b().size() ? std::pair{call.pair.a(), call.pair.b()} : std::pair{call.pair.b(), call.pair.a()};
}

Result run_cpu_bitpar(const Call& call) {
  const auto [a, b] = rows_first(call);
  const std::int64_t m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  Result result;
  result.distance = through_bands(
      call, m, n, first_call_bound(call), [&](const Band& band) { return cpu_bitpar_distance(a, b, band, &result.costs.cells, call.cancel); });
  return result;
}

// ---------------------------------------------------------------------------------------
// The device

// The two device geometries: a workgroup of lanes per stripe, one 32-row block each (GPUs),
// or one work-item per stripe of four 64-row blocks as the lanes of a vector (CPUs).
enum class Geometry { lanes, vector };

// The kernels' arguments, in their order: bus_words only in bitpar (lanes), whose bus has
// two 32-column words per 32 columns; bitpar_vector's has a byte per column.
struct BitparArgs {
  cl::Buffer a;
  cl_int m;
  cl::Buffer b_codes;
  cl_int n;
  cl::Buffer codes;
  cl_int band_lo, band_hi, stripes;
  cl::Buffer bus;
  cl_int bus_words, slots;
  cl::Buffer progress, top_left, next_stripe, result;
  auto lanes_fields() const {
    return std::tie(a, m, b_codes, n, codes, band_lo, band_hi, stripes, bus, bus_words, slots, progress, top_left,
                    next_stripe, result);
  }
  auto vector_fields() const {
    return std::tie(a, m, b_codes, n, codes, band_lo, band_hi, stripes, bus, slots, progress, top_left, next_stripe,
                    result);
  }
};
struct LanesArgs {
  const BitparArgs& args;
  auto fields() const { return args.lanes_fields(); }
};
struct VectorArgs {
  const BitparArgs& args;
  auto fields() const { return args.vector_fields(); }
};
struct CodesArgs {
  cl::Buffer b;
  cl_int n;
  cl::Buffer codes, b_codes;
  auto fields() const { return std::tie(b, n, codes, b_codes); }
};

// Rows of the match-mask table: the codes in use, rounded up to a power of two so that
// few programs serve every input.
std::int64_t sigma_for(int codes) {
  std::int64_t sigma = 4;
  while (sigma < codes) sigma *= 2;
  return sigma;
}

// Local memory of a lanes workgroup: the match masks for `sigma` codes, the claimed
// stripe, 32 columns of the top and bottom rows, and the lanes' exchange and votes where
// there is no shuffle.
std::uint64_t local_bytes(std::int64_t lanes, std::int64_t sigma) {
  return static_cast<std::uint64_t>(sigma * lanes * 4 + 4 + 2 * 32 * 4 + 2 * lanes * 4 + 2 * 4);
}

// A stripe's bottom row on the bus: two 32-column words per 32 columns (lanes), a byte per
// column (vector).
std::uint64_t bus_slot_bytes(Geometry geometry, std::uint64_t n) {
  return geometry == Geometry::lanes ? (n + 31) / 32 * 8 : n;
}

// The bus's slots, the strings, B's codes and a stripe's progress and corners.
MemoryNeeds bus_memory(Geometry geometry, std::uint64_t m, std::uint64_t n, std::int64_t slots) {
  const std::uint64_t bus = static_cast<std::uint64_t>(slots) * bus_slot_bytes(geometry, n);
  return {bus + 2 * (m + n) + 256, bus};
}

// A stripe's rows, and the columns it waits for beyond the stripe above's first: a chunk of
// published progress, plus the lanes' skew.
std::int64_t stripe_height(Geometry geometry, std::int64_t lanes) { return geometry == Geometry::lanes ? 32 * lanes : 256; }
std::int64_t stripe_lead(Geometry geometry, const Params& params) {
  return 32 * params.at("chunk") + (geometry == Geometry::lanes ? params.at("wg") : 0);
}

// The first band the family runs for a pair of the shape given (its distance estimated, or
// known), rows the longer string.
struct FirstBand {
  std::int64_t m, n;
  Band band;
};
FirstBand first_band(const PairShape& pair) {
  const auto m = static_cast<std::int64_t>(std::max(pair.m, pair.n)), n = static_cast<std::int64_t>(std::min(pair.m, pair.n));
  return {m, n, band_for(m, n, first_bound(m, n, pair.distance))};
}
BandWork first_band_work(Geometry geometry, const Params& params, const PairShape& pair) {
  const FirstBand first = first_band(pair);
  const std::int64_t lanes = geometry == Geometry::lanes ? params.at("wg") : 1;
  return band_work(first.m, first.n, stripe_height(geometry, lanes), stripe_lead(geometry, params), first.band);
}

// A device variant's time for a pair: its first band's cells at the most cells per second
// measured, or its chain at the least seconds per column step measured, whichever is longer
// (a wide band fills the device, a narrow one waits on its chain: on the H100, 90 ns a step
// for a pair of 1.28 Mbp at 99%). Read from the measured workloads' bands, at their
// distances.
CostModel band_cost(Geometry geometry) {
  return [geometry](const CostInputs& in, const PairShape& pair) -> std::optional<Prediction> {
    double cells_per_second = 0, step = 0;
    for (const Measurement& w : in.measured) {
      if (w.seconds <= 0 || w.pair.distance < 0) continue;
      const BandWork work = first_band_work(geometry, in.params, w.pair);
      cells_per_second = std::max(cells_per_second, static_cast<double>(work.cells) / w.seconds);
      const double per_step = w.seconds / static_cast<double>(std::max<std::uint64_t>(1, work.chain));
      step = step == 0 ? per_step : std::min(step, per_step);
    }
    if (cells_per_second == 0) return std::nullopt;
    const BandWork work = first_band_work(geometry, in.params, pair);
    return Prediction{kCallSeconds + std::max(static_cast<double>(work.cells) / cells_per_second,
                                              static_cast<double>(work.chain) * step),
                      resident_work_items(in.device)};
  };
}

Result run_bitpar(OpenDevice& device, Geometry geometry, const Call& call) {
  const auto [sa, sb] = rows_first(call);
  const std::int64_t m = static_cast<std::int64_t>(sa.size()), n = static_cast<std::int64_t>(sb.size());
  Result result;
  if (m == 0 || n == 0) {  // no cell to compute
    result.distance = std::max(m, n);
    return result;
  }
  const std::int64_t first = first_call_bound(call);
  const DeviceInfo& info = device.info();
  const bool lanes_geometry = geometry == Geometry::lanes;
  const std::int64_t lanes = lanes_geometry ? call.params.at("wg") : 1, chunk = call.params.at("chunk");
  const SymbolCodes codes = symbol_codes(sa);
  const std::int64_t sigma = sigma_for(codes.count);
  if (lanes_geometry && local_bytes(lanes, sigma) > info.local_memory)
    throw Error(ErrorCode::unsupported, "bitpar with wg=" + std::to_string(lanes) + " needs " +
                                            std::to_string(local_bytes(lanes, sigma)) + " bytes of local memory for " +
                                            std::to_string(codes.count) + " symbols; " + info.name + " has " +
                                            std::to_string(info.local_memory));
  // One warp per workgroup exchanges through shuffles on NVIDIA (inline PTX); every other
  // device, and other workgroup sizes, through local memory.
  const bool shuffle = lanes_geometry && lanes == 32 && info.platform_vendor.find("NVIDIA") != std::string::npos;
  const std::string options = "-DLANES=" + std::to_string(lanes) + " -DSIGMA=" + std::to_string(sigma) +
                              " -DCHUNK=" + std::to_string(32 * chunk) + " -DSHUFFLE=" + (shuffle ? "1" : "0") +
                              " -DPTX_FENCES=" + (shuffle ? "1" : "0");
  const std::string file = lanes_geometry ? "bitpar.cl" : "bitpar_vector.cl";
  cl::Kernel& kernel = device.kernel(file, lanes_geometry ? "bitpar" : "bitpar_vector", options);
  cl::Kernel& translate = device.kernel(file, "bitpar_codes", options);
  device.check_launch(kernel, static_cast<std::size_t>(lanes));

  const std::int64_t height = stripe_height(geometry, lanes);
  const std::int64_t stripes = (m + height - 1) / height;
  const std::int64_t bus_words = (n + 31) / 32;
  // As many bus slots as stripes when they fit a quarter of the device's memory, so that no
  // stripe waits for its slot; else a ring of at least two.
  const std::uint64_t slot_bytes = bus_slot_bytes(geometry, static_cast<std::uint64_t>(n));
  const std::uint64_t budget = std::min(info.global_memory / 4, info.max_allocation);
  std::int64_t slots = call.params.at("slots");
  if (slots == 0) slots = std::max<std::uint64_t>(2, budget / slot_bytes);
  slots = std::min(std::max<std::int64_t>(slots, 2), stripes);
  check_memory(info, bus_memory(geometry, static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(n), slots),
               "bitpar's " + std::to_string(slots) + " bus slots");
  try {
    BitparArgs args;
    args.a = upload_string(device, sa);
    args.m = static_cast<cl_int>(m);
    args.n = static_cast<cl_int>(n);
    args.codes = cl::Buffer(device.context(), CL_MEM_READ_ONLY, codes.of.size());
    device.queue().enqueueWriteBuffer(args.codes, CL_FALSE, 0, codes.of.size(), codes.of.data());
    args.b_codes = cl::Buffer(device.context(), CL_MEM_READ_WRITE, static_cast<std::size_t>(n));
    args.stripes = static_cast<cl_int>(stripes);
    args.bus = cl::Buffer(device.context(), CL_MEM_READ_WRITE, static_cast<std::size_t>(slots) * slot_bytes);
    args.bus_words = static_cast<cl_int>(bus_words);
    args.slots = static_cast<cl_int>(slots);
    const DeviceCounters progress = device.counters(static_cast<std::size_t>(stripes));
    args.progress = progress.buffer();
    args.top_left = cl::Buffer(device.context(), CL_MEM_READ_WRITE, static_cast<std::size_t>(stripes + 1) * sizeof(cl_int));
    args.next_stripe = cl::Buffer(device.context(), CL_MEM_READ_WRITE, sizeof(cl_int));
    args.result = cl::Buffer(device.context(), CL_MEM_READ_WRITE, sizeof(cl_int));

    BusySpan busy;
    const CodesArgs translation{upload_string(device, sb), args.n, args.codes, args.b_codes};  // B lives to the end
    set_args(translate, translation);
    const std::size_t translate_wg = 64;
    device.launch(translate, static_cast<std::size_t>((n + translate_wg - 1) / translate_wg * translate_wg), translate_wg,
                  busy.event(false));
    ++result.costs.launches;

    const OpenDevice::Watch watch(device, progress, [n, stripes](const std::vector<cl_int>& done, ProgressMeter& meter) {
      // A stripe publishes its columns as it goes (INT_MAX once finished).
      double sum = 0;
      for (const cl_int j : done) sum += static_cast<double>(std::min<std::int64_t>(j, n));
      meter.part(sum / (static_cast<double>(n) * static_cast<double>(stripes)));
    });
    result.distance = through_bands(call, m, n, first, [&](const Band& band) {
      args.band_lo = static_cast<cl_int>(band.lo);
      args.band_hi = static_cast<cl_int>(band.hi);
      const cl_int zero = 0;
      device.queue().enqueueFillBuffer(args.progress, zero, 0, static_cast<std::size_t>(stripes) * sizeof(cl_int));
      device.queue().enqueueFillBuffer(args.next_stripe, zero, 0, sizeof(cl_int));
      if (lanes_geometry)
        set_args(kernel, LanesArgs{args});
      else
        set_args(kernel, VectorArgs{args});
      // Every stripe a workgroup: those the device cannot keep resident start as others
      // end, and claim the next stripe then, so no stripe ever waits for an unstarted one.
      device.launch(kernel, static_cast<std::size_t>(stripes * lanes), static_cast<std::size_t>(lanes), busy.event(true));
      ++result.costs.launches;
      result.costs.cells += band_cells(m, n, height, band);
      cl_int distance = 0;
      device.wait();  // a band is one launch: seconds on a CPU device, a cancel may come meanwhile
      device.queue().enqueueReadBuffer(args.result, CL_TRUE, 0, sizeof distance, &distance);
      log().debug("bitpar band [{}, {}]: {} stripes of {} rows, {} slots: D' = {}", band.lo, band.hi, stripes, height,
                  slots, distance);
      return static_cast<std::int64_t>(distance);
    });
    result.costs.kernel_seconds = busy.seconds();
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running bitpar on " + info.name);
  }
  return result;
}

std::vector<Variant> bitpar_variants() {
  Variant device, cpu;
  device.info.name = "bitpar";
  device.info.description = "Myers/Hyyro bit-vector DP in stripes of 32*wg rows, stripes chained through global memory, one launch";
  device.info.uses_device = true;
  device.info.work = Work::matrix;
  device.info.params = {
      {"wg", 32, 1, 1024, "32-row blocks per stripe = work-items per workgroup (32: one warp, shuffles on NVIDIA)",
       Sweep::workgroup},
      {"chunk", 4, 1, 1 << 12, "32-column words between two publications of a stripe's progress", Sweep::none},
      {"slots", 0, 0, 1 << 30, "stripes' bottom rows kept in device memory at once (0: as many as fit)", Sweep::none},
  };
  device.needs = [](const Params& p) {
    // The match masks of the widest alphabet: every byte value.
    return DeviceNeeds{static_cast<std::uint64_t>(p.at("wg")), local_bytes(p.at("wg"), 256)};
  };
  // At least the two slots of the smallest ring (more where memory allows).
  const auto memory = [](Geometry geometry) {
    return [geometry](const Params&, const PairShape& pair) {
      const auto m = static_cast<std::uint64_t>(pair.m), n = static_cast<std::uint64_t>(pair.n);
      return bus_memory(geometry, std::max(m, n), std::min(m, n), 2);  // rows the longer string, columns the shorter
    };
  };
  device.memory = memory(Geometry::lanes);
  device.distance = {[](OpenDevice* d, const Call& call) { return run_bitpar(*d, Geometry::lanes, call); },
                     band_cost(Geometry::lanes)};

  Variant vector;
  vector.info.name = "bitpar-vector";
  vector.info.description = "bit-vector DP for CPU devices: one work-item per stripe of 4 x 64 rows in vector lanes";
  vector.info.uses_device = true;
  vector.info.work = Work::matrix;
  vector.info.params = {device.info.params[1], device.info.params[2]};
  vector.needs = [](const Params&) { return DeviceNeeds{1, 0}; };
  vector.memory = memory(Geometry::vector);
  vector.distance = {[](OpenDevice* d, const Call& call) { return run_bitpar(*d, Geometry::vector, call); },
                     band_cost(Geometry::vector)};

  cpu.info.name = "cpu-bitpar";
  cpu.info.description = "bit-vector DP on one CPU thread, stripes of 4 x 64 rows (the fast CPU fallback)";
  cpu.info.uses_device = false;
  cpu.info.work = Work::matrix;
  // One core of the CI machine (AMD EPYC, AVX2), as cpu_reference's rates: 2.3e10 cells per
  // second on a synthetic 200 kbp pair at 50%, the whole matrix; its first band's cells.
  cpu.distance = {[](OpenDevice*, const Call& call) { return run_cpu_bitpar(call); },
                  [](const CostInputs&, const PairShape& pair) -> std::optional<Prediction> {
                    const FirstBand first = first_band(pair);
                    return Prediction{static_cast<double>(band_cells(first.m, first.n, 256, first.band)) / 2e10, 1};
                  }};
  return {cpu, device, vector};
}

const FamilyRegistration registration{40, "bitpar", bitpar_variants};

}  // namespace
}  // namespace levcl::detail
