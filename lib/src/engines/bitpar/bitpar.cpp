// The bit-parallel family (bitpar.hpp; cl/bitpar_common.cl with cl/bitpar.cl or
// cl/bitpar_vector.cl, run by bitpar_sweeps.cpp): `bitpar` (GPUs) and `bitpar-vector` (CPU
// devices), one launch per band, and `cpu-bitpar`, the same stripes on one CPU thread.
// Without a bound the band starts from an estimate of the distance and grows until the
// answer fits in it (edlib's rule); the full matrix needs one run. The device variants also
// find an alignment's breakpoints, where the two sweeps of a piece meet, and spread one pair
// over parts (devices, processes): its two halves, or blocks of each sweep's rows.
#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "cl/bitpar.h"
#include "engines/bitpar/bitpar.hpp"
#include "engines/bitpar/bitpar_sweeps.hpp"
#include "engines/divergence.hpp"
#include "engines/part_messages.hpp"
#include "engines/registry.hpp"
#include "runtime/clock.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"
#include "tuning/choice.hpp"

namespace levcl::detail {
namespace {

// The first band's bound of a pair (sampled) whose distance is estimated at `estimate`
// (long enough for that: wants_estimate): first_bound's from the estimate, or where the
// anchored bound pays (DivergenceSample::anchoring_pays), that bound unless it is over
// twice as wide: a band no estimate can mislead, which holds the answer at once, where one
// too narrow costs a second band, a whole chain (a band's chain is the same whatever its
// width). A sample misled by real genomes' regions, indels and moved blocks asked for four
// times the band (the H100: the mosaic 3 Mbp pair at 93%, estimated 769,703, distance
// 213,070, anchored bound 217,910: 0.23 -> 0.135 s), and one a little low cost the HIV-1
// pair a second band (estimated 1,495, first bound 1,783, distance and anchored bound
// 1,988: 1.5-2.0 -> 1.2-1.3 ms).
constexpr double kAnchoredWider = 2;
std::int64_t first_band_bound(const DivergenceSample& pair, double estimate) {
  const std::int64_t m = static_cast<std::int64_t>(pair.a().size()), n = static_cast<std::int64_t>(pair.b().size());
  const std::int64_t first = first_bound(m, n, estimate);
  if (first >= std::max(m, n) || !pair.anchoring_pays()) return first;
  const auto started = std::chrono::steady_clock::now();
  const std::int64_t anchored = pair.anchored_bound();
  log().debug("bitpar: estimate {:.0f}, anchored bound {} ({:.2f} ms)", estimate, anchored, 1e3 * seconds_since(started));
  return static_cast<double>(anchored) <= kAnchoredWider * static_cast<double>(first) ? anchored : first;
}

// The first band's bound of a call: the caller's k, else first_band_bound's from the pair's
// estimated distance (its sample's). Taken before anything is launched: a device would
// otherwise wait while the host samples (up to 3 ms on a divergent pair).
std::int64_t first_call_bound(const Call& call) {
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  if (call.max_distance < std::max(m, n)) return call.max_distance;
  if (!wants_estimate(m, n)) return first_bound(m, n, -1.0);
  return first_band_bound(call.pair, call.pair.estimated_distance());
}

// The bound of the next band after one of bound k gave D' (bitpar.hpp), an upper bound of the
// distance; none when D' is the answer: it fits the band, the band was the whole matrix, or
// the caller's bound was k. Else D' where that is less than twice k, and D' itself is then
// exact.
std::optional<std::int64_t> next_bound(std::int64_t k, std::int64_t d, std::int64_t longest, bool bounded) {
  if (d <= k || k >= longest || bounded) return std::nullopt;
  return std::min({longest, 2 * k, d});
}

// The distance through bands of growing bound from `k` (run(k) returns D').
template <typename Run>
std::int64_t through_bands(const Call& call, std::int64_t m, std::int64_t n, std::int64_t k, Run&& run) {
  const std::int64_t longest = std::max(m, n);
  for (;;) {
    const std::int64_t d = run(k);
    const auto next = next_bound(k, d, longest, call.max_distance < longest);
    if (!next) return d;
    k = *next;
  }
}

// The longer string as A: rows make stripes.
std::pair<std::string_view, std::string_view> rows_first(const Call& call) {
  return call.pair.a().size() >= call.pair.b().size() ? std::pair{call.pair.a(), call.pair.b()} : std::pair{call.pair.b(), call.pair.a()};
}

Result run_cpu_bitpar(const Call& call) {
  const auto [a, b] = rows_first(call);
  const std::int64_t m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  Result result;
  result.distance = through_bands(call, m, n, first_call_bound(call), [&](std::int64_t k) {
    return cpu_bitpar_distance(a, b, band_for(m, n, k), cpu_bitpar_blocks(call.params.at("blocks"), m),
                               &result.costs.cells, call.cancel);
  });
  return result;
}

// ---------------------------------------------------------------------------------------
// The device

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
  const bool lanes = geometry == Geometry::lanes;
  const std::int64_t rows = lanes ? block_rows(params, first.m, sigma_for(kModelledCodes)) : 0;
  const std::int64_t height = stripe_height(geometry, lanes ? params.at("wg") : 1, rows);
  return sweeps_work(first.m, first.n, height, stripe_lead(geometry, params), first.band);
}

// A device variant's time for a pair: its first band's chain of column steps at the least
// seconds a step took in the measured workloads, plus its cells at the most cells per second
// they computed beyond their chains. A band's stripes start one after another down the
// chain and share the device meanwhile: a narrow band waits on its chain, a wide one on its
// cells, one between on both. (The larger of the two alone read the workloads' partly
// chain-bound rates as the device's: on the H100 half of what pairs of 3-10 Mbp reach.)
// Read from the measured workloads' bands, at their distances.
CostModel band_cost(Geometry geometry) {
  return [geometry](const CostInputs& in) -> PairCost {
    std::vector<std::pair<BandWork, double>> runs;  // a workload's first band and its seconds
    double step = 0;
    for (const Measurement& w : in.measured) {
      if (w.seconds <= 0 || w.pair.distance < 0) continue;
      runs.emplace_back(first_band_work(geometry, in.params, w.pair), w.seconds);
      const double per_step = w.seconds / static_cast<double>(std::max<std::uint64_t>(1, runs.back().first.chain));
      step = step == 0 ? per_step : std::min(step, per_step);
    }
    if (runs.empty()) return nullptr;
    double cells_per_second = 0, overall = 0;
    for (const auto& [work, seconds] : runs) {
      const double cells = static_cast<double>(work.cells), beyond = seconds - static_cast<double>(work.chain) * step;
      // A workload within a tenth of its chain's time says nothing of the cells' rate.
      if (beyond > 0.1 * seconds) cells_per_second = std::max(cells_per_second, cells / beyond);
      overall = std::max(overall, cells / seconds);
    }
    if (cells_per_second == 0) cells_per_second = overall;  // every workload bound by its chain
    return [geometry, params = in.params, step, cells_per_second,
            items = resident_work_items(in.device)](const PairShape& pair) -> std::optional<Prediction> {
      const BandWork work = first_band_work(geometry, params, pair);
      return Prediction{kCallSeconds + static_cast<double>(work.chain) * step + static_cast<double>(work.cells) / cells_per_second,
                        items};
    };
  };
}

// A pair's strings on a device and their sweeps, kept from band to band; the device's
// share of memory is checked before anything is uploaded.
struct PairSweeps {
  PairSweeps(Geometry geometry, OpenDevice& device, const Call& call)
      : strings(checked(geometry, device, call)), sweeps(device, geometry, call.params, strings) {}
  static DeviceStrings checked(Geometry geometry, OpenDevice& device, const Call& call) {
    const std::uint64_t m = call.pair.a().size(), n = call.pair.b().size();
    check_memory(device.info(), bus_memory(geometry, std::max(m, n), std::min(m, n), 2),
                 "bitpar's bus of two slots a sweep");
    return DeviceStrings(device, call.pair.a(), call.pair.b());
  }
  DeviceStrings strings;
  BitparSweeps sweeps;
};

// One pair on a device.
Result run_bitpar(Geometry geometry, const Call& call, OpenDevice& device) {
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  Result result;
  if (m == 0 || n == 0) {  // no cell to compute
    result.distance = std::max(m, n);
    return result;
  }
  const std::int64_t first = first_call_bound(call);
  const auto setting_up = std::chrono::steady_clock::now();
  PairSweeps here(geometry, device, call);
  log().debug("bitpar: strings and their codes on {} in {:.2f} ms", device.info().name, 1e3 * seconds_since(setting_up));
  result.distance = through_bands(call, m, n, first, [&](std::int64_t k) {
    const Breakpoint met = here.sweeps.run({Piece{0, m, 0, n, k}}).front();
    log().debug("bitpar: bound {}: D' = {}", k, met.distance);
    return met.distance;
  });
  result.costs = here.sweeps.costs();
  return result;
}

// ---------------------------------------------------------------------------------------
// One pair over several parts (devices of one process, or processes: Variant::lead_rows)

// A part's share of a band: the sweeps' blocks dealt to the parts in use in order, the
// forward sweep's to the first half (the odd part its), a block a part, each in `tiles`
// tiles of columns a block of its sweep; parts past a sweep's stripes, or past those in
// use, idle. Parts in use: all where the caller's `parts` (resolved: 1) says blocks, else
// the first two, a sweep each (the pair's two halves).
struct PartJob {
  Halves which = Halves::forward;
  SweepBlock rows;
  std::int64_t tile_columns = 0;
  bool above = false, below = false;  // a block of the same sweep above it, below it
};
// The forward sweep's share of the columns: as many of its parts' as it has of the parts.
SweepShare part_share(std::size_t parts) {
  return {static_cast<std::int64_t>((parts + 1) / 2), static_cast<std::int64_t>(parts)};
}
std::size_t parts_in_use(const Params& params, std::size_t parts) {
  return params.at("parts") == 0 ? std::min<std::size_t>(2, parts) : parts;
}
std::vector<PartJob> part_jobs(const std::array<BitparSweep, 2>& sweeps, std::size_t all, std::size_t parts,
                               std::int64_t tiles) {
  std::vector<PartJob> jobs(all);
  const SweepShare share = part_share(parts);
  const std::size_t forward_parts = static_cast<std::size_t>(share.forward);
  for (std::size_t w = 0; w < 2; ++w) {
    const BitparSweep& sweep = sweeps[w];
    const std::size_t first = w == 0 ? 0 : forward_parts, its = w == 0 ? forward_parts : parts - forward_parts;
    const std::int64_t blocks = std::min<std::int64_t>(static_cast<std::int64_t>(its), sweep.stripes);
    const std::int64_t tile_count = blocks == 1 ? 1 : tiles * blocks;
    const std::int64_t tile_columns = (sweep.n + tile_count - 1) / tile_count / 32 * 32 + 32;
    for (std::int64_t b = 0; b < blocks; ++b) {
      const std::int64_t from = sweep.stripes * b / blocks, to = sweep.stripes * (b + 1) / blocks;
      jobs[first + static_cast<std::size_t>(b)] = {w == 0 ? Halves::forward : Halves::backward,
                                                   SweepBlock{from, to - from, share}, tile_columns, b > 0, b + 1 < blocks};
    }
  }
  return jobs;
}

// A block's bottom rows to the part below, its top rows from the part above, in an edge's
// bytes (encode_edge: the same shape, deltas in a bus slot and the value at the last).
class LinkedRows final : public RowLink {
 public:
  LinkedRows(const PartLinks& links, std::size_t neighbour) : links_(links), neighbour_(neighbour) {}
  void send(TileRow row) override {
    links_.send(neighbour_, sent_bytes(encode_edge(SweepEdge{std::move(row.slot), 1, row.last, row.value}, Costs{})));
  }
  TileRow receive() override {
    const std::string bytes = links_.receive(neighbour_);
    Costs none;
    SweepEdge row = decode_edge(std::string(message_of(bytes, neighbour_)), none);
    return TileRow{std::move(row.slot), row.last, row.value};
  }

 private:
  const PartLinks& links_;
  std::size_t neighbour_;
};

// This part's share of the band of bound k on its device: its block's edge, and what
// computing it cost.
SweepEdge run_share(PairSweeps& here, const Piece& piece, const PartLinks& links, const Params& params, Costs& costs) {
  const Costs before = here.sweeps.costs();
  const std::size_t parts = parts_in_use(params, links.parts);
  const PartJob job =
      part_jobs(here.sweeps.sweeps_of(piece, part_share(parts)), links.parts, parts, params.at("tiles"))[links.part];
  LinkedRows above(links, links.part - 1), below(links, links.part + 1);
  const SweepEdge edge = job.rows.count == 0 ? SweepEdge{}
                                             : here.sweeps.block(piece, job.which, job.rows, job.tile_columns,
                                                                 job.above ? &above : nullptr, job.below ? &below : nullptr);
  costs = here.sweeps.costs();
  costs.cells -= before.cells;
  costs.launches -= before.launches;
  costs.kernel_seconds -= before.kernel_seconds;
  return edge;
}

// A sweep's stripes a compute unit up to which blocks of its rows over more parts beat its
// two halves on a device each: the sweep is then about one wave of the kernel (NVIDIA holds
// 12 warps of its 166 registers a compute unit) walking its columns, bound by the chain of
// its steps, which a device with fewer stripes takes faster. Beyond, a block's tiles each pay
// a wave's tail that one launch of the whole sweep does not (the H100, halves on two against
// blocks on four: the motivating pair, 9 stripes a unit, 0.268 -> 0.205 s; synthetic 10 Mbp
// at 50%, 27 a unit, 1.02 -> 1.04 s; 20 Mbp, 56 a unit, 3.60 -> 4.59 s).
// CPU devices (bitpar_vector.cl, a work-item a stripe) take more parts always: a host's
// several CPU devices are rare, and POCL's share its cores.
constexpr std::int64_t kPartsStripesPerUnit = 12;

bool bitpar_parts_pay(Geometry geometry, OpenDevice& device, const Call& call) {
  if (geometry == Geometry::vector) return true;
  const std::int64_t a = static_cast<std::int64_t>(call.pair.a().size()), b = static_cast<std::int64_t>(call.pair.b().size());
  const std::int64_t m = std::max(a, b), n = std::min(a, b);
  const std::int64_t height = stripe_height(geometry, call.params.at("wg"), block_rows(call.params, m, sigma_for(kModelledCodes)));
  const SweepPlan plan = plan_sweeps(m, n, band_for(m, n, first_call_bound(call)));
  const std::int64_t stripes = (std::max(plan.forward_rows, plan.backward_rows) + height - 1) / height;
  return stripes <= kPartsStripesPerUnit * std::max<std::int64_t>(1, device.info().compute_units);
}

// The `parts` parameter resolved for `parts` available (blocks over more than two where
// asked, or where asked to choose and they pay; else the two halves), and the parts it runs
// over.
Variant::Spread bitpar_spread(Geometry geometry, OpenDevice& device, const Call& call, std::size_t parts) {
  Variant::Spread spread{parts, call.params};
  std::int64_t& asked = spread.params["parts"];
  asked = parts > 2 && (asked == 1 || (asked == 2 && bitpar_parts_pay(geometry, device, call))) ? 1 : 0;
  spread.parts = parts_in_use(spread.params, parts);
  return spread;
}

// Part 0 of a pair over parts: each band asked of the other parts, its own share computed,
// theirs gathered (every part's edge, or the first error, once all have answered), the
// sweeps' edges joined and met as run_bitpar's.
Result run_bitpar_lead(Geometry geometry, OpenDevice& device, const PartLinks& links,
                       const std::function<void(std::int64_t)>& ask, const Call& call) {
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  if (m == 0 || n == 0) return run_bitpar(geometry, call, device);
  const std::int64_t tiles = call.params.at("tiles");
  const std::size_t parts = parts_in_use(call.params, links.parts);
  PairSweeps here(geometry, device, call);
  Costs elsewhere;
  Result result;
  result.distance = through_bands(call, m, n, first_call_bound(call), [&](std::int64_t k) {
    ask(k);
    const Piece piece{0, m, 0, n, k};
    const std::array<BitparSweep, 2> sweeps = here.sweeps.sweeps_of(piece, part_share(parts));
    if (sweeps[1].m == 0) throw Error(ErrorCode::internal, "bitpar: a pair of one column spread over parts");
    const std::vector<PartJob> jobs = part_jobs(sweeps, links.parts, parts, tiles);
    std::vector<SweepEdge> edges(links.parts);
    std::exception_ptr failure;
    try {
      Costs own;
      edges[0] = run_share(here, piece, links, call.params, own);
    } catch (const std::exception& e) {
      tell_failure(links, e);
      failure = std::current_exception();
    }
    for (std::size_t part = 1; part < links.parts; ++part) {
      try {
        const std::string bytes = links.receive(part);
        const std::string_view message = message_of(bytes, part);
        Costs costs;
        edges[part] = decode_edge(std::string(message), costs);
        elsewhere.cells += costs.cells;
        elsewhere.launches += costs.launches;
        elsewhere.kernel_seconds = std::max(elsewhere.kernel_seconds, costs.kernel_seconds);  // side by side
      } catch (...) {
        if (!failure) failure = std::current_exception();
      }
    }
    if (failure) std::rethrow_exception(failure);
    std::array<std::vector<SweepEdge>, 2> blocks;
    for (std::size_t part = 0; part < links.parts; ++part)
      if (jobs[part].rows.count > 0) blocks[jobs[part].which == Halves::backward].push_back(std::move(edges[part]));
    const std::int64_t height = here.sweeps.stripe_rows();
    const Breakpoint met = meet_halves(geometry, piece, joined_edge(sweeps[0], height, blocks[0]),
                                       joined_edge(sweeps[1], height, blocks[1]), part_share(parts));
    log().debug("bitpar over {} parts: bound {}: D' = {} ({} blocks forward, {} backward, {} tiles a block)", parts, k,
                met.distance, blocks[0].size(), blocks[1].size(), tiles);
    return met.distance;
  });
  result.costs = here.sweeps.costs();
  result.costs.cells += elsewhere.cells;
  result.costs.launches += elsewhere.launches;
  result.costs.kernel_seconds = std::max(result.costs.kernel_seconds, elsewhere.kernel_seconds);
  return result;
}

// Any other part: its share of each band part 0 asks for, its edge (or its error) sent to
// part 0; the strings uploaded at the first.
std::function<void(std::int64_t)> bitpar_follow(Geometry geometry, OpenDevice& device, const PartLinks& links,
                                                const Call& call) {
  struct Kept {
    DivergenceSample pair;  // the caller's strings; the call's own, which may not outlive it
    Params params;
    std::int64_t max_distance;
    const Cancellation* cancel;
    std::unique_ptr<PairSweeps> here;  // not moved: its sweeps hold the device's buffers
  };
  const auto kept = std::make_shared<Kept>(Kept{DivergenceSample(call.pair.a(), call.pair.b()), call.params,
                                                call.max_distance, call.cancel, nullptr});
  return [kept, geometry, &device, &links](std::int64_t k) {
    try {
      if (!kept->here)
        kept->here = std::make_unique<PairSweeps>(geometry, device, Call{kept->pair, kept->params, kept->max_distance, kept->cancel});
      const std::int64_t m = static_cast<std::int64_t>(kept->pair.a().size()), n = static_cast<std::int64_t>(kept->pair.b().size());
      Costs costs;
      links.send(0, sent_bytes(encode_edge(run_share(*kept->here, Piece{0, m, 0, n, k}, links, kept->params, costs), costs)));
    } catch (const std::exception& e) {
      tell_failure(links, e);
    }
  };
}

// An alignment's breakpoints: where each piece's sweeps meet. Below the top a piece's bound
// is its distance, which one band holds; the top's band grows as a distance's does, from
// first_band_bound's where the piece fills the device, else from the whole matrix.
class BitparMeetings final : public BreakpointFinder {
 public:
  // An alignment's bus stays within 20 bytes per byte of its strings (its peak of device
  // memory within 40 in all, beside the tracebacks' fronts and the strings): a ring of few
  // slots a sweep costs a wide band's stripe nothing (it waits on the stripe above anyway),
  // but a narrow chain runs faster where every stripe has a slot of its own (`own`): HHV-6B x
  // EBV's top level needs 17.3 bytes a byte for those, and took 6.8-8.0 ms in rings at 16
  // against its distance's 5.9 ms.
  static constexpr std::uint64_t kBusPerByte = 20;

  BitparMeetings(OpenDevice& device, Geometry geometry, const DeviceStrings& strings, const Params& params)
      : strings_(strings), sweeps_(device, geometry, params, strings, kBusPerByte) {}

  void run(const std::vector<Piece>& pieces, std::vector<Breakpoint>& out) override {
    out.resize(pieces.size());
    std::vector<std::size_t> open;
    std::vector<Piece> asked;
    for (std::size_t q = 0; q < pieces.size(); ++q) {
      Piece p = pieces[q];
      const std::int64_t longest = std::max(p.m, p.n);
      if (p.m == 0 || p.n == 0) {  // all I or all D: (0, 0) is on its path
        out[q] = longest > p.bound ? Breakpoint{p.bound + 1} : Breakpoint{longest, 0, 0, 0, longest};
        continue;
      }
      open.push_back(q);
      asked.push_back(p);
    }
    // The first bands of the top pieces that fill the device (kSinglePairCells), on the host's
    // threads. Only theirs: a level's wake of the threads alone costs a short pair 0.1-0.25
    // ms. A smaller top piece takes its whole matrix, whose cells cost less than a sample and
    // an anchored bound: a batch of 10^4 pairs of 10 kbp at 90% spent 0.3 s of the host's 16
    // threads on those, and its whole matrices take 38 ms of kernel against its bands' 11
    // (the H200).
    std::vector<std::size_t> sampled;
    for (std::size_t r = 0; r < asked.size(); ++r) {
      const Piece& p = asked[r];
      if (p.bound >= std::max(p.m, p.n) && static_cast<double>(p.m) * static_cast<double>(p.n) >= kSinglePairCells)
        sampled.push_back(r);
    }
    parallel_each(sampled.size(), thread_count(0), [&](std::size_t k) {
      Piece& p = asked[sampled[k]];
      const std::string_view a = strings_.host_a.substr(static_cast<std::size_t>(p.a_offset), static_cast<std::size_t>(p.m));
      const std::string_view b = strings_.host_b.substr(static_cast<std::size_t>(p.b_offset), static_cast<std::size_t>(p.n));
      const DivergenceSample sample(a, b);
      p.bound = first_band_bound(sample, p.estimate >= 0 ? p.estimate : sample.estimated_distance());
    });
    while (!open.empty()) {
      const std::vector<Breakpoint> found = sweeps_.run(asked);
      std::vector<std::size_t> still;
      std::vector<Piece> again;
      for (std::size_t r = 0; r < open.size(); ++r) {
        const Piece& given = pieces[open[r]];
        const std::int64_t longest = std::max(given.m, given.n);
        const auto next = next_bound(asked[r].bound, found[r].distance, longest, given.bound < longest);
        if (next) {
          still.push_back(open[r]);
          again.push_back(asked[r]);
          again.back().bound = *next;
          continue;
        }
        out[open[r]] = found[r];
        if (found[r].distance > given.bound) out[open[r]] = Breakpoint{given.bound + 1};
      }
      open = std::move(still);
      asked = std::move(again);
    }
  }
  Costs costs() const override { return sweeps_.costs(); }
  std::uint64_t peak_device_bytes() const override { return sweeps_.peak_device_bytes(); }

 private:
  const DeviceStrings& strings_;
  BitparSweeps sweeps_;
};

std::vector<Variant> bitpar_variants() {
  Variant device, cpu;
  device.info.name = "bitpar";
  device.info.description =
      "Myers/Hyyro bit-vector DP in stripes of 32*wg rows (64*wg wide), stripes chained through global memory, one launch";
  device.info.uses_device = true;
  device.info.planner = true;
  device.info.work = Work::matrix;
  device.info.params = {
      {"wg", 32, 1, 1024, "blocks per stripe = work-items per workgroup (32: one warp, shuffles on NVIDIA)",
       Sweep::workgroup},
      {"chunk", 4, 1, 1 << 12, "32-column words between two publications of a stripe's progress", Sweep::none},
      {"slots", 0, 0, 1 << 30, "stripes' bottom rows kept in device memory at once (0: as many as fit)", Sweep::none},
      {"own", 2, 0, 2,
       "where every stripe has a bus slot of its own, a stripe waits on the stripe above's words themselves, not on "
       "its progress (a chain's steps sooner, no fences: HHV-6B x EBV 8.9-9.4 -> 7.8-8.1 ms on the H100): 1 always, 0 "
       "never, 2 where the band keeps fewer stripes at work at once than 4 a compute unit (where more, the device's "
       "throughput bounds it, and NVIDIA builds the other kernel with more registers: the motivating pair 0.30 "
       "against 0.43 s)",
       Sweep::none},
      {"wide", 2, 0, 2,
       "blocks of 64 rows (64-bit words): 1 always, 0 never, 2 where a pair's 32-row stripes outnumber 1,024 (32 "
       "rows where 32 KiB of local memory cannot hold the alphabet's 64-bit masks)",
       Sweep::none},
      {"tiles", 4, 1, 1 << 10,
       "a pair spread over several devices: tiles of columns a block of a sweep's rows (each device a block, each "
       "block handing its bottom rows to the one below tile by tile: more tiles fill the pipeline sooner, each "
       "launch costs its stripes' skew)",
       Sweep::none},
      {"parts", 2, 0, 2,
       "one pair over several devices or processes: 1 each a block of a sweep's rows, 0 the pair's two halves on "
       "two of them, 2 blocks over three or more where a sweep's stripes are about one wave of the device (12 a "
       "compute unit; CPU devices always), else halves",
       Sweep::none},
      {"meet", 1 << 17, 0, 1 << 30,
       "rows of a launch's pieces from which they meet on the device, behind their sweeps (bitpar_meet), not on the "
       "host: its launch, write and wait cost a short pair's distance 0.05-0.2 ms more on the H200 than the host's "
       "meeting of its 10,000 rows, where a level of HHV-6B x EBV's alignment (162,000 rows) met on the host in "
       "0.15-0.2 ms and the plasmids' (540,000) in 0.5",
       Sweep::none},
      {"unroll", 1, 0, 1,
       "1: a stripe's steady steps unrolled 32 at a time (the fastest kernels; NVIDIA builds them in 0.7-1.5 s the "
       "first time); 0: in runs of 8 (half the build time; kernels up to 16% slower on small pairs): auto's choice "
       "while the other is not built",
       Sweep::none},
  };
  device.quick_build = {{"unroll", 0}};
  device.needs = [](const Params& p) {
    // The match masks of the widest alphabet, every byte value, in blocks of 32 rows (where a
    // wide run falls back to).
    return DeviceNeeds{static_cast<std::uint64_t>(p.at("wg")), bitpar_local_bytes(p.at("wg"), 256, 32)};
  };
  // At least the two slots of the smallest ring (more where memory allows).
  const auto memory = [](Geometry geometry) {
    return [geometry](const Params&, const PairShape& pair) {
      const auto m = static_cast<std::uint64_t>(pair.m), n = static_cast<std::uint64_t>(pair.n);
      return bus_memory(geometry, std::max(m, n), std::min(m, n), 2);  // rows the longer string, columns the shorter
    };
  };
  // A piece's breakpoint costs what its distance does: the same launch finds both. Predicted
  // only for pairs that fill the device, as the measurements do (choice.hpp).
  const auto breakpoint = [](Geometry geometry) {
    return BreakpointCapability{
        [geometry](OpenDevice& d, const DeviceStrings& strings, const Params& params) {
          return std::unique_ptr<BreakpointFinder>(std::make_unique<BitparMeetings>(d, geometry, strings, params));
        },
        [model = band_cost(geometry)](const CostInputs& in) -> PairCost {
          PairCost pair_cost = model(in);
          if (!pair_cost) return nullptr;
          return [pair_cost = std::move(pair_cost)](const PairShape& pair) -> std::optional<Prediction> {
            if (pair.m * pair.n < kSinglePairCells) return std::nullopt;
            return pair_cost(pair);
          };
        }};
  };
  device.memory = memory(Geometry::lanes);
  device.distance = {[](OpenDevice* d, const Call& call) { return run_bitpar(Geometry::lanes, call, *d); },
                     band_cost(Geometry::lanes)};
  device.lead_rows = [](OpenDevice& d, const PartLinks& links, const std::function<void(std::int64_t)>& ask,
                        const Call& call) { return run_bitpar_lead(Geometry::lanes, d, links, ask, call); };
  device.follow_rows = [](OpenDevice& d, const PartLinks& links, const Call& call) {
    return bitpar_follow(Geometry::lanes, d, links, call);
  };
  device.spread_over = [](OpenDevice& d, const Call& call, std::size_t parts) {
    return bitpar_spread(Geometry::lanes, d, call, parts);
  };
  device.breakpoint = breakpoint(Geometry::lanes);

  Variant vector;
  vector.info.name = "bitpar-vector";
  vector.info.description = "bit-vector DP for CPU devices: one work-item per stripe of 4 x 64 rows in vector lanes";
  vector.info.uses_device = true;
  vector.info.planner = true;
  vector.info.work = Work::matrix;
  for (const ParamSpec& param : device.info.params)  // the lanes' own (wg, own, wide, meet, unroll) left out
    for (const char* shared : {"chunk", "slots", "tiles", "parts"})
      if (param.name == shared) vector.info.params.push_back(param);
  vector.needs = [](const Params&) { return DeviceNeeds{1, 0}; };
  vector.memory = memory(Geometry::vector);
  vector.distance = {[](OpenDevice* d, const Call& call) { return run_bitpar(Geometry::vector, call, *d); },
                     band_cost(Geometry::vector)};
  vector.lead_rows = [](OpenDevice& d, const PartLinks& links, const std::function<void(std::int64_t)>& ask,
                        const Call& call) { return run_bitpar_lead(Geometry::vector, d, links, ask, call); };
  vector.follow_rows = [](OpenDevice& d, const PartLinks& links, const Call& call) {
    return bitpar_follow(Geometry::vector, d, links, call);
  };
  vector.spread_over = [](OpenDevice& d, const Call& call, std::size_t parts) {
    return bitpar_spread(Geometry::vector, d, call, parts);
  };
  vector.breakpoint = breakpoint(Geometry::vector);

  cpu.info.name = "cpu-bitpar";
  cpu.info.description = "bit-vector DP on one CPU thread, stripes of 4 x 64 rows (the fast CPU fallback)";
  cpu.info.uses_device = false;
  cpu.info.work = Work::matrix;
  cpu.info.params = {{"blocks", 0, 0, 8,
                      "64-row blocks per stripe, the lanes of one vector: 4 or 8 (0: 8 where the CPU has AVX-512 "
                      "and the longer string is over 256 bytes, else 4)",
                      Sweep::none}};
  // One core of the CI machine (AMD EPYC), as cpu_reference's rates, its first band's
  // cells: on a synthetic 200 kbp pair at 50% (1.3e10 cells at the distance's band), 5.6e10
  // cells per second in stripes of eight blocks with AVX-512, 3.6e10 in four; 2.3e10 in four
  // with AVX2 on an earlier machine of the kind.
  cpu.distance = {[](OpenDevice*, const Call& call) { return run_cpu_bitpar(call); },
                  [](const CostInputs& in) -> PairCost {
                    return [blocks_param = in.params.at("blocks")](const PairShape& pair) -> std::optional<Prediction> {
                      const FirstBand first = first_band(pair);
                      const int blocks = cpu_bitpar_blocks(blocks_param, first.m);
                      const double rate = blocks == 8 ? 5e10 : 2e10;
                      return Prediction{static_cast<double>(band_cells(first.m, first.n, 64 * blocks, first.band)) / rate, 1};
                    };
                  }};
  return {cpu, device, vector};
}

const FamilyRegistration registration{40, "bitpar", bitpar_variants};

}  // namespace
}  // namespace levcl::detail
