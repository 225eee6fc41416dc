// The bit-parallel family (bitpar.hpp; cl/bitpar_common.cl with cl/bitpar.cl or
// cl/bitpar_vector.cl): `bitpar` (GPUs) and `bitpar-vector` (CPU devices), one launch per
// band, and `cpu-bitpar`, the same stripes on one CPU thread. Without a bound the
// band starts from an estimate of the distance and doubles until the answer fits in it
// (edlib's rule); the full matrix needs one run.
#include <algorithm>
#include <climits>
#include <limits>
#include <vector>

#include "cl/bitpar.h"
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
  cl::Buffer a_codes0, a_codes1, b_codes0, b_codes1;
  cl_int n;
  cl::Buffer sweeps, bus;
  cl_int bus_words;
  cl::Buffer progress, top_left, next_stripe, result;
  auto lanes_fields() const {
    return std::tie(a_codes0, a_codes1, b_codes0, b_codes1, n, sweeps, bus, bus_words, progress, top_left,
                    next_stripe, result);
  }
  auto vector_fields() const {
    return std::tie(a_codes0, a_codes1, b_codes0, b_codes1, n, sweeps, bus, progress, top_left, next_stripe, result);
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
  cl::Buffer src;
  cl_int offset, count;
  cl::Buffer codes, dst;
  cl_int reversed;
  auto fields() const { return std::tie(src, offset, count, codes, dst, reversed); }
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

// The bus's slots, the strings, their codes (B's twice: forward and reversed) and the
// stripes' progress and corners.
MemoryNeeds bus_memory(Geometry geometry, std::uint64_t m, std::uint64_t n, std::int64_t slots) {
  const std::uint64_t bus = static_cast<std::uint64_t>(slots) * bus_slot_bytes(geometry, n);
  return {bus + 2 * m + 3 * n + (m + 255) / 256 * 8 + 256, bus};
}

// A stripe's rows, and the columns it waits for beyond the stripe above's first: a chunk of
// published progress, plus the lanes' skew.
std::int64_t stripe_height(Geometry geometry, std::int64_t lanes) { return geometry == Geometry::lanes ? 32 * lanes : 256; }
std::int64_t stripe_lead(Geometry geometry, const Params& params) {
  return 32 * params.at("chunk") + (geometry == Geometry::lanes ? params.at("wg") : 0);
}

// The sweeps of a launch over a band (cl/bitpar.h): one where the matrix is one stripe,
// else two towards the middle row, the top ceil(stripes / 2) stripes forward, the others on
// both strings reversed, where diagonal d = j - i becomes (n - m) - d (m >= n).
struct SweepPlan {
  std::int64_t rows[BITPAR_SWEEPS];  // rows[1] == 0: one sweep
  Band bands[BITPAR_SWEEPS];
};
SweepPlan plan_sweeps(std::int64_t m, std::int64_t n, std::int64_t height, const Band& band) {
  const std::int64_t stripes = (m + height - 1) / height;
  if (stripes < 2) return {{m, 0}, {band, band}};
  const std::int64_t top = (stripes + 1) / 2 * height, bottom = m - top;
  const std::int64_t lo = n - m - band.hi, hi = n - m - band.lo;  // lo <= 0: band.hi >= n - m
  return {{top, bottom}, {band, {std::max(-bottom, -((-lo + 31) / 32 * 32)), std::min(n, hi)}}};
}

// The work of a launch's sweeps: their cells, and the longer of their chains.
BandWork sweeps_work(std::int64_t m, std::int64_t n, std::int64_t height, std::int64_t lead, const Band& band) {
  const SweepPlan plan = plan_sweeps(m, n, height, band);
  BandWork work;
  for (int k = 0; k < BITPAR_SWEEPS && plan.rows[k] > 0; ++k) {
    const BandWork sweep = band_work(plan.rows[k], n, height, lead, plan.bands[k]);
    work.cells += sweep.cells;
    work.chain = std::max(work.chain, sweep.chain);
  }
  return work;
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
  return sweeps_work(first.m, first.n, stripe_height(geometry, lanes), stripe_lead(geometry, params), first.band);
}

// A sweep's bottom row as its last stripe left it: the horizontal deltas of columns first ..
// last in its bus slot, and its value at the last column. values[j - first + 1] is its
// value at column j, from first - 1 (its left boundary) to last.
struct BottomRow {
  std::int64_t first = 0;
  std::vector<std::int64_t> values;
};
BottomRow bottom_row(Geometry geometry, const std::vector<cl_uint>& slot, std::int64_t first, std::int64_t last,
                     std::int64_t value) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(slot.data());
  BottomRow row{first, std::vector<std::int64_t>(static_cast<std::size_t>(last - first + 2))};
  for (std::int64_t j = last; j >= first - 1; --j) {
    row.values[static_cast<std::size_t>(j - first + 1)] = value;
    if (j < first) break;
    // Column j's delta: bit (j - 1) % 32 of its word pair (lanes), its byte (vector).
    const std::int64_t w = (j - 1) / 32, bit = (j - 1) % 32;
    const unsigned code = geometry == Geometry::lanes
                              ? ((slot[2 * w] >> bit) & 1u) | ((slot[2 * w + 1] >> bit) & 1u) << 1
                              : bytes[j - 1];
    value -= static_cast<std::int64_t>(code & 1u) - static_cast<std::int64_t>(code >> 1);
  }
  return row;
}

// D' of two sweeps: the least sum over the middle row's columns j of the top sweep's value
// at j and the bottom sweep's at n - j (Hirschberg), where both computed it. Each is at
// least the true value and exact on the band's paths, so the sum is an upper bound of the
// distance, exact when a path of the band's bound crosses there.
std::int64_t meet(const BottomRow& top, const BottomRow& bottom, std::int64_t n) {
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  const std::int64_t top_last = top.first - 2 + static_cast<std::int64_t>(top.values.size());
  const std::int64_t bottom_last = bottom.first - 2 + static_cast<std::int64_t>(bottom.values.size());
  for (std::int64_t j = std::max(top.first - 1, n - bottom_last); j <= std::min(top_last, n - (bottom.first - 1)); ++j)
    best = std::min(best, top.values[static_cast<std::size_t>(j - top.first + 1)] +
                              bottom.values[static_cast<std::size_t>(n - j - bottom.first + 1)]);
  return best;
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
  const std::int64_t stripes = (m + height - 1) / height;  // over both sweeps: they split the rows at a stripe
  const SweepPlan rows = plan_sweeps(m, n, height, band_for(m, n, first));
  const bool two = rows.rows[1] > 0;
  std::int64_t sweep_stripes[BITPAR_SWEEPS];
  for (int k = 0; k < BITPAR_SWEEPS; ++k) sweep_stripes[k] = (rows.rows[k] + height - 1) / height;
  // As many bus slots as stripes when they fit a quarter of the device's memory, so that no
  // stripe waits for its slot; else a ring of at least two for each sweep.
  const std::uint64_t slot_bytes = bus_slot_bytes(geometry, static_cast<std::uint64_t>(n));
  const std::uint64_t budget = std::min(info.global_memory / 4, info.max_allocation);
  const std::int64_t asked = call.params.at("slots");
  std::int64_t sweep_slots[BITPAR_SWEEPS] = {0, 0}, slots = 0;
  for (int k = 0; k < BITPAR_SWEEPS && sweep_stripes[k] > 0; ++k) {
    const std::int64_t share = asked > 0 ? asked : std::max<std::int64_t>(2, budget / slot_bytes / (two ? 2 : 1));
    sweep_slots[k] = std::min(std::max<std::int64_t>(share, 2), sweep_stripes[k]);
    slots += sweep_slots[k];
  }
  check_memory(info, bus_memory(geometry, static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(n), slots),
               "bitpar's " + std::to_string(slots) + " bus slots");
  try {
    // The strings as symbol codes, translated on the device: A's top rows and B forward,
    // A's bottom rows and B reversed for the second sweep.
    BitparArgs args;
    const cl::Buffer a_bytes = upload_string(device, sa), b_bytes = upload_string(device, sb);
    const cl::Buffer code_table(device.context(), CL_MEM_READ_ONLY, codes.of.size());
    device.queue().enqueueWriteBuffer(code_table, CL_FALSE, 0, codes.of.size(), codes.of.data());
    BusySpan busy;
    const auto translated = [&](const cl::Buffer& src, std::int64_t offset, std::int64_t count, bool reversed) {
      cl::Buffer dst(device.context(), CL_MEM_READ_WRITE, static_cast<std::size_t>(count));
      set_args(translate, CodesArgs{src, static_cast<cl_int>(offset), static_cast<cl_int>(count), code_table, dst,
                                    reversed ? 1 : 0});
      const std::size_t wg = 64;
      device.launch(translate, static_cast<std::size_t>((count + wg - 1) / wg * wg), wg, busy.event(false));
      ++result.costs.launches;
      return dst;
    };
    args.a_codes0 = translated(a_bytes, 0, rows.rows[0], false);
    args.b_codes0 = translated(b_bytes, 0, n, false);
    args.a_codes1 = two ? translated(a_bytes, rows.rows[0], rows.rows[1], true) : args.a_codes0;
    args.b_codes1 = two ? translated(b_bytes, 0, n, true) : args.b_codes0;
    args.n = static_cast<cl_int>(n);
    args.sweeps = cl::Buffer(device.context(), CL_MEM_READ_ONLY, sizeof(BitparSweep) * BITPAR_SWEEPS);
    args.bus = cl::Buffer(device.context(), CL_MEM_READ_WRITE, static_cast<std::size_t>(slots) * slot_bytes);
    args.bus_words = static_cast<cl_int>((n + 31) / 32);
    const DeviceCounters progress = device.counters(static_cast<std::size_t>(stripes));
    args.progress = progress.buffer();
    args.top_left = cl::Buffer(device.context(), CL_MEM_READ_WRITE,
                               static_cast<std::size_t>(stripes + BITPAR_SWEEPS) * sizeof(cl_int));
    args.next_stripe = cl::Buffer(device.context(), CL_MEM_READ_WRITE, sizeof(cl_int));
    args.result = cl::Buffer(device.context(), CL_MEM_READ_WRITE, BITPAR_SWEEPS * sizeof(cl_int));

    const OpenDevice::Watch watch(device, progress, [n, stripes](const std::vector<cl_int>& done, ProgressMeter& meter) {
      // A stripe publishes its columns as it goes (INT_MAX once finished).
      double sum = 0;
      for (const cl_int j : done) sum += static_cast<double>(std::min<std::int64_t>(j, n));
      meter.part(sum / (static_cast<double>(n) * static_cast<double>(stripes)));
    });
    BitparSweep sweeps[BITPAR_SWEEPS] = {};
    std::vector<cl_uint> slot_words(static_cast<std::size_t>((slot_bytes + 3) / 4));
    result.distance = through_bands(call, m, n, first, [&](const Band& band) {
      const SweepPlan plan = plan_sweeps(m, n, height, band);
      for (int k = 0; k < BITPAR_SWEEPS; ++k) {
        sweeps[k].m = static_cast<cl_int>(plan.rows[k]);
        sweeps[k].band_lo = static_cast<cl_int>(plan.bands[k].lo);
        sweeps[k].band_hi = static_cast<cl_int>(plan.bands[k].hi);
        sweeps[k].stripes = static_cast<cl_int>(sweep_stripes[k]);
        sweeps[k].progress_at = k == 0 ? 0 : static_cast<cl_int>(sweep_stripes[0]);
        sweeps[k].corners_at = k == 0 ? 0 : static_cast<cl_int>(sweep_stripes[0] + 1);
        sweeps[k].slot_at = k == 0 ? 0 : static_cast<cl_int>(sweep_slots[0]);
        sweeps[k].slots = static_cast<cl_int>(std::max<std::int64_t>(1, sweep_slots[k]));
      }
      device.queue().enqueueWriteBuffer(args.sweeps, CL_FALSE, 0, sizeof sweeps, sweeps);  // read before it changes
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
      result.costs.cells += sweeps_work(m, n, height, 0, band).cells;
      cl_int values[BITPAR_SWEEPS] = {0, 0};
      device.wait();  // a band is one launch: seconds on a CPU device, a cancel may come meanwhile
      device.queue().enqueueReadBuffer(args.result, CL_TRUE, 0, sizeof values, values);
      std::int64_t distance = values[0];
      if (two) {
        // Each sweep's bottom row, from its last stripe's slot, and where they meet.
        BottomRow bottoms[BITPAR_SWEEPS];
        for (int k = 0; k < BITPAR_SWEEPS; ++k) {
          const std::int64_t slot = sweeps[k].slot_at + (sweep_stripes[k] - 1) % sweeps[k].slots;
          device.queue().enqueueReadBuffer(args.bus, CL_TRUE, static_cast<std::size_t>(slot) * slot_bytes, slot_bytes,
                                           slot_words.data());
          const ColumnRange cols = stripe_columns((sweep_stripes[k] - 1) * height, plan.rows[k], n, plan.bands[k]);
          bottoms[k] = bottom_row(geometry, slot_words, cols.first, cols.last, values[k]);
        }
        distance = std::min(meet(bottoms[0], bottoms[1], n), std::max(m, n) + 1);
      }
      log().debug("bitpar band [{}, {}]: {} sweep(s), {} stripes of {} rows, {} slots: D' = {}", band.lo, band.hi,
                  two ? 2 : 1, stripes, height, slots, distance);
      return distance;
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
