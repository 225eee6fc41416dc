// Host routine of the diamond-tile family (cl/wfa_band.cl): tile-private, tile-local,
// tile-global (cl/wfa_tile.cl, one work-item per tile) and pwg (cl/wfa_pwg.cl, one
// workgroup per tile). All launch one band of t radii at a time over four centred
// columns: the previous band's zig-zag boundary (top and below) and the next one's.
#include <climits>

#include "runtime/log.hpp"
#include "engines/registry.hpp"
#include "engines/wavefront_steps.hpp"

namespace levcl::detail {
namespace {

ParamSpec tile_param(std::int64_t default_value, std::int64_t max_value) {
  return {"tile", default_value, 1, max_value, "tile length t: a diamond tile has 2t^2 cells, a band t radii",
          Sweep::tile};
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// The tiles of band b that hold any live cell: centres c = t(2p - b) whose diagonals
// [c - t, c + t - 1] meet the live diagonals of the band's radii [bt, bt + 2t - 2].
struct BandTiles {
  std::int64_t c_first = 0, count = 0;
};
BandTiles band_tiles(std::int64_t m, std::int64_t n, std::int64_t t, std::int64_t band, std::int64_t bound,
                     bool diamond) {
  const std::int64_t r0 = band * t, r_last = r0 + 2 * t - 2;
  // The pyramid is widest at the band's last radius, the diamond at its first.
  DiagonalRange range{-std::min(r_last, m), std::min(r_last, n)};
  if (diamond) {
    const DiagonalRange d = live_diagonals(m, n, r0, bound, true);
    range.lo = std::max(range.lo, d.lo);
    range.hi = std::min(range.hi, d.hi);
  }
  if (range.empty()) return {};
  const std::int64_t base = -t * band;  // centres are base + 2t * p
  const std::int64_t p_first = -floor_div(-(range.lo - t + 1 - base), 2 * t);  // ceiling
  const std::int64_t p_last = floor_div(range.hi + t - base, 2 * t);
  return {base + 2 * t * p_first, p_last - p_first + 1};
}

// The kernels of the family: one work-item per tile with its working store in registers,
// local or global memory (cl/wfa_tile.cl; the values are its STORE build option), or one
// workgroup of 2t + 2 work-items per tile (cl/wfa_pwg.cl).
enum class BandKernel { tile_private = 0, tile_local = 1, tile_global = 2, pwg = 3 };

// The arguments of wfa_tile and wfa_pwg, in the kernels' order (wfa_pwg has no scratch).
struct BandArgs {
  cl::Buffer a;
  cl_int m;
  cl::Buffer b;
  cl_int n;
  cl::Buffer top_in, below_in, top_out, below_out;
  cl_int r0, c_first, tiles, bound;
  cl::Buffer state;
  auto fields() const {
    return std::tie(a, m, b, n, top_in, below_in, top_out, below_out, r0, c_first, tiles, bound, state);
  }
};
struct TileArgs : BandArgs {
  cl::Buffer scratch;
  auto fields() const { return std::tuple_cat(BandArgs::fields(), std::tie(scratch)); }
};

// Workgroup size of a configuration: pwg's is its tile's 2t + 2 diagonals.
std::int64_t workgroup_of(BandKernel kind, const Params& params) {
  return kind == BandKernel::pwg ? 2 * params.at("tile") + 2 : params.at("wg");
}

// tile-global keeps every tile's store in one scratch buffer, sized for the widest band.
std::uint64_t scratch_cells(BandKernel kind, const Params& params, std::uint64_t m, std::uint64_t n) {
  if (kind != BandKernel::tile_global) return 1;
  const auto t = static_cast<std::uint64_t>(params.at("tile"));
  const std::uint64_t max_tiles = (m + n + 1) / (2 * t) + 2;
  return (max_tiles + static_cast<std::uint64_t>(params.at("wg"))) * 2 * t * t;
}

// The four boundary columns and the scratch buffer.
MemoryNeeds band_memory(BandKernel kind, const Params& params, std::uint64_t m, std::uint64_t n) {
  MemoryNeeds needs = wavefront_memory(4, m, n);
  const std::uint64_t scratch = scratch_cells(kind, params, m, n) * sizeof(cl_int);
  needs.total += scratch;
  needs.largest_buffer = std::max(needs.largest_buffer, scratch);
  return needs;
}

Result run_wfa_band(OpenDevice& device, BandKernel kind, const Call& call) {
  const Params& params = call.params;
  const std::int64_t t = params.at("tile");
  const bool pwg = kind == BandKernel::pwg;
  const std::int64_t wg = workgroup_of(kind, params);
  const bool diamond = params.at("diamond") != 0;
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  if (std::max(m, n) + 2 * t > INT_MAX)
    throw Error(ErrorCode::input_too_long, "inputs this long leave no room for tile=" + std::to_string(t) +
                                               " in 32-bit radii; use a column variant");

  const bool words = extend_by_words(call.pair, params.at("extend"));
  // Unrolled private tiles stay in registers; on a CPU they gain nothing past t = 4
  // (2t^2 = 32 cells) and their compile time grows with t^2 (POCL: 17 s at t = 8).
  const bool unroll = kind == BandKernel::tile_private && (device.info().type != "cpu" || t <= 4);
  const std::string options = "-DTILE=" + std::to_string(t) + " -DWG=" + std::to_string(wg) +
                              " -DSTORE=" + std::to_string(static_cast<int>(kind)) +
                              " -DUNROLL_PRIVATE=" + (unroll ? "1" : "0") + " -DEXTEND_WORDS=" + (words ? "1" : "0");
  const char* name = pwg ? "wfa_pwg" : "wfa_tile";
  cl::Kernel& kernel = device.kernel(std::string(name) + ".cl", name, options);
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  check_memory(device.info(), band_memory(kind, params, m, n), name);
  WavefrontBuffers buffers(device, call.pair.a(), call.pair.b(), 4, call.max_distance);
  try {
    TileArgs args;
    args.a = buffers.a;
    args.m = static_cast<cl_int>(m);
    args.b = buffers.b;
    args.n = static_cast<cl_int>(n);
    args.state = buffers.state;
    args.scratch = cl::Buffer(device.context(), CL_MEM_READ_WRITE, scratch_cells(kind, params, m, n) * sizeof(cl_int));

    WavefrontSteps steps;
    steps.last_step = call.max_distance / t + 1;
    steps.read_interval = params.at("read-interval");
    steps.radii_per_step = static_cast<double>(t);
    steps.live = [&](std::int64_t band, std::int64_t bound) { return band_tiles(m, n, t, band, bound, diamond).count > 0; };
    steps.enqueue = [&](std::int64_t band, std::int64_t bound, cl::Event* event) -> std::uint64_t {
      const BandTiles tiles = band_tiles(m, n, t, band, bound, diamond);
      const int in = band % 2, out = 1 - in;  // columns: [0,1] top/below of even bands' input, [2,3] of odd
      args.top_in = buffers.columns[2 * in];
      args.below_in = buffers.columns[2 * in + 1];
      args.top_out = buffers.columns[2 * out];
      args.below_out = buffers.columns[2 * out + 1];
      args.r0 = static_cast<cl_int>(band * t);
      args.c_first = static_cast<cl_int>(tiles.c_first);
      args.tiles = static_cast<cl_int>(tiles.count);
      args.bound = static_cast<cl_int>(diamond ? std::min<std::int64_t>(bound, INT_MAX) : INT_MAX);
      if (pwg)
        set_args(kernel, static_cast<const BandArgs&>(args));
      else
        set_args(kernel, args);
      const std::uint64_t global = pwg ? tiles.count * wg : (tiles.count + wg - 1) / wg * wg;
      device.launch(kernel, global, static_cast<std::size_t>(wg), event);
      log().debug("band {} (r from {}) tiles {} from centre {} global={} bound={}", band, band * t, tiles.count,
                  tiles.c_first, global, bound);
      return 0;  // the kernel counts its live cells
    };
    return run_wavefront(device, buffers, call.max_distance, steps, call.pair);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, std::string("running ") + name + " on " + device.info().name);
  }
}

Variant band_variant(std::string name, std::string description, BandKernel kind) {
  Variant v;
  v.info.name = std::move(name);
  v.info.description = std::move(description);
  v.info.uses_device = true;
  if (kind == BandKernel::pwg) {
    v.info.params = {tile_param(127, 511)};  // the workgroup is 2t + 2 = 256 work-items by default
  } else {
    // Private tiles must unroll completely to stay in registers: keep them short.
    v.info.params = {workgroup_param(64), tile_param(2, kind == BandKernel::tile_private ? 8 : 64)};
  }
  v.info.params.push_back(read_interval_param());
  v.info.params.push_back(diamond_param());
  v.info.params.push_back(extend_param());
  v.needs = [kind](const Params& p) {
    const auto wg = static_cast<std::uint64_t>(workgroup_of(kind, p));
    const auto t = static_cast<std::uint64_t>(p.at("tile"));
    std::uint64_t local = 0;
    if (kind == BandKernel::tile_local) local = 2 * t * t * wg * sizeof(cl_int);      // 2t^2 cells per work-item
    if (kind == BandKernel::pwg) local = (2 * wg + 2) * sizeof(cl_int);               // two slots per diagonal
    return DeviceNeeds{wg, local};
  };
  v.memory = [kind](const Params& p, const PairShape& pair) {
    return band_memory(kind, p, static_cast<std::uint64_t>(pair.m), static_cast<std::uint64_t>(pair.n));
  };
  v.distance = {[kind](OpenDevice* device, const Call& call) { return run_wfa_band(*device, kind, call); },
                measured_cost(v.info.work)};
  v.auto_fallback = kind == BandKernel::pwg;  // the fastest variant on every device measured so far
  v.info.planner = kind == BandKernel::pwg;
  return v;
}

std::vector<Variant> band_variants() {
  return {
      band_variant("tile-local", "one work-item per diamond tile, working store in local memory",
                   BandKernel::tile_local),
      band_variant("tile-global", "one work-item per diamond tile, working store in global memory",
                   BandKernel::tile_global),
      band_variant("tile-private", "one work-item per diamond tile, working store in registers",
                   BandKernel::tile_private),
      band_variant("pwg", "one workgroup of 2t+2 work-items per diamond tile, one diagonal each", BandKernel::pwg),
  };
}

const FamilyRegistration registration{30, "wfa_band", band_variants};

}  // namespace
}  // namespace levcl::detail
