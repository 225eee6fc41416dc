#include "engines/batch_bitpar/long_pairs.hpp"

#include <algorithm>
#include <chrono>
#include <climits>

#include "cl/batch_bitpar.h"
#include "engines/batch_strings.hpp"
#include "engines/bitpar/bitpar_sweeps.hpp"
#include "runtime/clock.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/open_device.hpp"

namespace levcl::detail {
namespace {

// A chunk's strings, each once, on the device at most (join_strings).
constexpr std::uint64_t kJoinedBytes = std::uint64_t{256} << 20;

// The pairs ids[first, end) over one device copy of their strings; the seconds of its kernels.
double run_chunk(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& ids, std::size_t first,
                 std::size_t end, std::int64_t band, BatchResult& out) {
  const auto start = std::chrono::steady_clock::now();
  const JoinedStrings joined =
      join_strings(device, call, std::vector<std::size_t>(ids.begin() + first, ids.begin() + end), "batch-bitpar-long");
  const SymbolCodes codes = symbol_codes(joined.host, {}, call.threads);
  // bitpar's sweeps at that variant's defaults: the same kernel and geometry as its pairs'.
  const Params params = resolve_params(find_variant("bitpar").info, {});
  const DeviceStrings strings(joined.buffer, joined.bytes, joined.host);
  BitparSweeps sweeps(device, Geometry::lanes, params, strings, 0, &codes);
  const double prepared = seconds_since(start);
  const auto length = [&](std::uint32_t s) { return static_cast<std::int64_t>(call.strings[s].size()); };
  const auto offset = [&](std::uint32_t s) { return static_cast<std::int64_t>(joined.offset_of(s)); };
  std::vector<std::size_t> pending;
  std::vector<std::int64_t> bound(end - first);
  for (std::size_t k = first; k < end; ++k) {
    const IndexPair p = call.pairs[ids[k]];
    const std::int64_t m = std::min(length(p.a), length(p.b)), n = std::max(length(p.a), length(p.b));
    bound[k - first] = batch_first_bound(static_cast<cl_int>(m), static_cast<cl_int>(n), static_cast<cl_int>(band),
                                         static_cast<cl_int>(std::min<std::int64_t>(call.max_distance, INT_MAX)));
    pending.push_back(k);
  }
  std::size_t passes = 0;
  while (!pending.empty()) {
    std::vector<Piece> pieces;
    pieces.reserve(pending.size());
    for (const std::size_t k : pending) {
      const IndexPair p = call.pairs[ids[k]];
      pieces.push_back(Piece{offset(p.a), length(p.a), offset(p.b), length(p.b), bound[k - first]});
    }
    const std::vector<std::int64_t> found = sweeps.distances(pieces);
    ++passes;
    std::vector<std::size_t> again;
    for (std::size_t q = 0; q < pending.size(); ++q) {
      const std::size_t k = pending[q];
      std::int64_t& b = bound[k - first];
      const std::int64_t longest = std::max(pieces[q].m, pieces[q].n);
      if (found[q] <= b || b >= longest || (call.max_distance >= 0 && b >= call.max_distance)) {
        out.distances[ids[k]] = found[q];  // exact, or above the caller's k
        continue;
      }
      b = std::min(2 * b, longest);
      if (call.max_distance >= 0) b = std::min(b, call.max_distance);
      again.push_back(k);
    }
    device.progress().add_pairs(pending.size() - again.size());
    pending = std::move(again);
  }
  log().debug("batch-bitpar: {} long pairs as bitpar's pieces over {} MiB of strings: strings and codes {:.1f} ms, "
              "{} passes {:.1f} ms", end - first, joined.bytes >> 20, 1e3 * prepared, passes,
              1e3 * (seconds_since(start) - prepared));
  const Costs costs = sweeps.costs();
  out.costs.cells += costs.cells;
  out.costs.launches += costs.launches;
  return costs.kernel_seconds;
}

}  // namespace

double run_long_pairs(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& ids,
                      std::int64_t band, BatchResult& out) {
  double kernels = 0;
  for (std::size_t first = 0; first < ids.size();) {
    const std::size_t end = joined_chunk_end(call, ids, first, kJoinedBytes);
    kernels += run_chunk(device, call, ids, first, end, band, out);
    first = end;
  }
  return kernels;
}

}  // namespace levcl::detail
