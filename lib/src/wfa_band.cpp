// Host routine of the diamond-tile family (cl/wfa_band.cl): tile-private, tile-local,
// tile-global (cl/wfa_tile.cl, one work-item per tile) and pwg (cl/wfa_pwg.cl, one
// workgroup per tile). All launch one band of t radii at a time over four centred
// columns: the previous band's zig-zag boundary (top and below) and the next one's.
#include <climits>

#include "log.hpp"
#include "variants.hpp"
#include "wavefront.hpp"

namespace levcl::detail {
namespace {

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

}  // namespace

Result run_wfa_band(OpenDevice& device, BandKernel kind, std::string_view sa, std::string_view sb,
                    const Params& params) {
  const std::int64_t t = params.at("tile");
  const bool pwg = kind == BandKernel::pwg;
  const std::int64_t wg = pwg ? 2 * t + 2 : params.at("wg");
  const bool diamond = params.at("diamond") != 0;
  const std::int64_t m = static_cast<std::int64_t>(sa.size()), n = static_cast<std::int64_t>(sb.size());
  if (std::max(m, n) + 2 * t > INT_MAX)
    throw Error(ErrorCode::input_too_long, "inputs this long leave no room for tile=" + std::to_string(t) +
                                               " in 32-bit radii; use a column variant");

  const bool words = extend_by_words(sa, sb, params.at("extend"));
  const std::string options = "-DTILE=" + std::to_string(t) + " -DWG=" + std::to_string(wg) +
                              " -DSTORE=" + std::to_string(static_cast<int>(kind)) +
                              " -DEXTEND_WORDS=" + (words ? "1" : "0");
  cl::Kernel kernel = device.kernel({"wfa_common.cl", "wfa_band.cl", pwg ? "wfa_pwg.cl" : "wfa_tile.cl"},
                                    pwg ? "wfa_pwg" : "wfa_tile", options);
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  const auto start = Clock::now();
  WavefrontBuffers buffers(device, sa, sb, 4);
  Result result;
  try {
    // tile-global keeps every tile's store in one scratch buffer, sized for the widest band.
    const std::uint64_t max_tiles = static_cast<std::uint64_t>((m + n + 1) / (2 * t) + 2);
    const std::uint64_t scratch_cells =
        kind == BandKernel::tile_global ? (max_tiles + wg) * static_cast<std::uint64_t>(2 * t * t) : 1;
    if (scratch_cells * sizeof(cl_int) > device.info().max_allocation)
      throw Error(ErrorCode::out_of_memory, "device out of memory: tile-global needs a scratch buffer of " +
                                                std::to_string(scratch_cells * sizeof(cl_int)) + " bytes");
    cl::Buffer scratch(device.context(), CL_MEM_READ_WRITE, scratch_cells * sizeof(cl_int));

    kernel.setArg(0, buffers.a);
    kernel.setArg(1, static_cast<cl_int>(m));
    kernel.setArg(2, buffers.b);
    kernel.setArg(3, static_cast<cl_int>(n));
    kernel.setArg(12, buffers.state);
    if (!pwg) kernel.setArg(13, scratch);
    WavefrontSteps steps;
    steps.last_step = std::max(m, n) / t + 1;
    steps.read_interval = params.at("read-interval");
    steps.live = [&](std::int64_t band, std::int64_t bound) { return band_tiles(m, n, t, band, bound, diamond).count > 0; };
    steps.enqueue = [&](std::int64_t band, std::int64_t bound, cl::Event* event) -> std::uint64_t {
      const BandTiles tiles = band_tiles(m, n, t, band, bound, diamond);
      const std::uint64_t global = pwg ? tiles.count * wg : (tiles.count + wg - 1) / wg * wg;
      const int in = band % 2, out = 1 - in;  // columns: [0,1] top/below of even bands' input, [2,3] of odd
      kernel.setArg(4, buffers.columns[2 * in]);
      kernel.setArg(5, buffers.columns[2 * in + 1]);
      kernel.setArg(6, buffers.columns[2 * out]);
      kernel.setArg(7, buffers.columns[2 * out + 1]);
      kernel.setArg(8, static_cast<cl_int>(band * t));
      kernel.setArg(9, static_cast<cl_int>(tiles.c_first));
      kernel.setArg(10, static_cast<cl_int>(tiles.count));
      kernel.setArg(11, static_cast<cl_int>(diamond ? std::min<std::int64_t>(bound, INT_MAX) : INT_MAX));
      device.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(wg), nullptr,
                                          event);
      log().debug("band {} (r from {}) tiles {} from centre {} global={} bound={}", band, band * t, tiles.count,
                  tiles.c_first, global, bound);
      return 0;  // the kernel counts its live cells
    };
    result = run_wavefront(device.queue(), buffers, std::max(m, n), steps);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running " + std::string(pwg ? "wfa_pwg" : "wfa_tile") + " on " + device.info().name);
  }
  result.seconds = seconds_since(start);
  return result;
}

}  // namespace levcl::detail
