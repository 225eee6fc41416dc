#include "engines/batch_bitpar/long_pairs.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cstring>
#include <memory>
#include <string_view>
#include <unordered_map>

#include "cl/batch_bitpar.h"
#include "engines/bitpar/bitpar_sweeps.hpp"
#include "runtime/clock.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/open_device.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

// A chunk's strings, joined once each on the host and once on the device.
constexpr std::uint64_t kJoinedBytes = std::uint64_t{256} << 20;

// A chunk: the pairs ids[first, end) and their strings joined, each once, with the byte
// values they hold.
struct Joined {
  std::size_t end = 0;
  std::unique_ptr<char[]> storage;  // not zeroed first: the threads copying into it touch its pages
  std::string_view bytes;
  std::unordered_map<std::uint32_t, std::int64_t> at;  // a string's first byte in `bytes`
  SymbolCodes codes;
};

// The pairs from ids[first] whose strings fit kJoinedBytes (one at least), joined on the
// host's threads, each marking the byte values of the strings it copies.
Joined join(const BatchCall& call, const std::vector<std::uint32_t>& ids, std::size_t first) {
  Joined j;
  std::vector<std::uint32_t> order;  // the strings, as joined
  std::uint64_t total = 0;
  for (j.end = first; j.end < ids.size(); ++j.end) {
    const IndexPair p = call.pairs[ids[j.end]];
    const std::uint64_t adds = (j.at.count(p.a) ? 0 : call.strings[p.a].size()) +
                               (p.b == p.a || j.at.count(p.b) ? 0 : call.strings[p.b].size());
    if (j.end > first && total + adds > kJoinedBytes) break;
    for (const std::uint32_t s : {p.a, p.b})
      if (j.at.emplace(s, static_cast<std::int64_t>(total)).second) {
        order.push_back(s);
        total += call.strings[s].size();
      }
  }
  j.storage.reset(new char[std::max<std::uint64_t>(total, 1)]);
  j.bytes = std::string_view(j.storage.get(), total);
  const std::size_t slices = slice_count(order.size(), call.threads, 1);
  std::vector<std::array<bool, 256>> seen(slices);
  parallel_slices(order.size(), slices, call.threads, [&](std::size_t slice, std::size_t from, std::size_t to) {
    std::array<bool, 256> mine{};
    for (std::size_t k = from; k < to; ++k) {
      const std::string_view s = call.strings[order[k]];
      std::memcpy(j.storage.get() + j.at.at(order[k]), s.data(), s.size());
      for (const unsigned char c : s) mine[c] = true;
    }
    seen[slice] = mine;
  });
  std::array<bool, 256> all{};
  for (const auto& s : seen)
    for (int c = 0; c < 256; ++c) all[c] = all[c] || s[c];
  j.codes = symbol_codes(all);
  return j;
}

// The pairs ids[first, j.end) over one device copy of their strings; the seconds of its kernels.
double run_chunk(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& ids, std::size_t first,
                 const Joined& j, std::int64_t band, BatchResult& out) {
  const auto start = std::chrono::steady_clock::now();
  // bitpar's sweeps at that variant's defaults: the same kernel and geometry as its pairs'.
  const Params params = resolve_params(find_variant("bitpar").info, {});
  const DeviceStrings strings(device, j.bytes, j.bytes);
  BitparSweeps sweeps(device, Geometry::lanes, params, strings, 0, &j.codes);
  const double prepared = seconds_since(start);
  const auto length = [&](std::uint32_t s) { return static_cast<std::int64_t>(call.strings[s].size()); };
  std::vector<std::size_t> pending;
  std::vector<std::int64_t> bound(j.end - first);
  for (std::size_t k = first; k < j.end; ++k) {
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
      pieces.push_back(Piece{j.at.at(p.a), length(p.a), j.at.at(p.b), length(p.b), bound[k - first]});
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
              "{} passes {:.1f} ms", j.end - first, j.bytes.size() >> 20, 1e3 * prepared, passes,
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
    const auto start = std::chrono::steady_clock::now();
    const Joined j = join(call, ids, first);
    log().debug("batch-bitpar: long pairs' strings joined in {:.1f} ms", 1e3 * seconds_since(start));
    kernels += run_chunk(device, call, ids, first, j, band, out);
    first = j.end;
  }
  return kernels;
}

}  // namespace levcl::detail
