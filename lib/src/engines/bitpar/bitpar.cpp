// The bit-parallel family (bitpar.hpp; cl/bitpar_common.cl with cl/bitpar.cl or
// cl/bitpar_vector.cl, run by bitpar_sweeps.cpp): `bitpar` (GPUs) and `bitpar-vector` (CPU
// devices), one launch per band, and `cpu-bitpar`, the same stripes on one CPU thread.
// Without a bound the band starts from an estimate of the distance and grows until the
// answer fits in it (edlib's rule); the full matrix needs one run. The device variants also
// find an alignment's breakpoints: where the two sweeps of a piece meet.
#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <deque>
#include <exception>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "cl/bitpar.h"
#include "engines/bitpar/bitpar.hpp"
#include "engines/bitpar/bitpar_sweeps.hpp"
#include "engines/divergence.hpp"
#include "engines/registry.hpp"
#include "runtime/clock.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "tuning/choice.hpp"

namespace levcl::detail {
namespace {

// The first band's bound: the caller's k, else first_bound's from the pair's estimated
// distance (its sample's). Taken before anything is launched: a device would otherwise wait
// while the host samples (up to 3 ms on a divergent pair).
std::int64_t first_call_bound(const Call& call) {
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  if (call.max_distance < std::max(m, n)) return call.max_distance;
  return first_bound(m, n, wants_estimate(m, n) ? call.pair.estimated_distance() : -1.0);
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

// One pair on a device, or split (`far`): the forward sweep runs here, on a thread of its
// own, while this thread asks `far` for the backward sweep's edge (another device's,
// another process's); the edges are met on the host.
Result run_bitpar(Geometry geometry, const Call& call, OpenDevice& device, const FarEdge* far = nullptr) {
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
  BitparSweeps& sweeps = here.sweeps;
  Costs elsewhere;
  result.distance = through_bands(call, m, n, first, [&](std::int64_t k) {
    const Piece piece{0, m, 0, n, k};
    Breakpoint met;
    if (!far) {
      met = sweeps.run({piece}).front();
    } else {
      std::future<SweepEdge> forward = std::async(std::launch::async, [&] { return sweeps.half(piece, Halves::forward); });
      Costs backward_costs;  // (should far throw, forward's destructor waits for the sweep)
      const SweepEdge backward = decode_edge((*far)(k), backward_costs);
      met = meet_halves(geometry, piece, forward.get(), backward);
      elsewhere += backward_costs;
    }
    log().debug("bitpar{}: bound {}: D' = {}", far ? " split" : "", k, met.distance);
    return met.distance;
  });
  result.costs = sweeps.costs();
  result.costs.cells += elsewhere.cells;
  result.costs.launches += elsewhere.launches;
  result.costs.kernel_seconds = std::max(result.costs.kernel_seconds, elsewhere.kernel_seconds);  // side by side
  return result;
}

// The backward sweep's edges of a pair split in two, for run_bitpar's `far` elsewhere: the
// strings uploaded once, each band's edge with the costs of that band alone.
FarEdge bitpar_backward_edges(Geometry geometry, OpenDevice& device, const Call& call) {
  const auto there = std::make_shared<PairSweeps>(geometry, device, call);
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  return [there, m, n](std::int64_t bound) {
    const Costs before = there->sweeps.costs();
    const SweepEdge edge = there->sweeps.half(Piece{0, m, 0, n, bound}, Halves::backward);
    Costs band = there->sweeps.costs();
    band.cells -= before.cells;
    band.launches -= before.launches;
    band.kernel_seconds -= before.kernel_seconds;
    return encode_edge(edge, band);
  };
}

// A block's bottom rows handed to the block below on another thread of this process.
class QueuedRows final : public RowLink {
 public:
  void send(TileRow row) override {
    std::lock_guard<std::mutex> lock(mutex_);
    rows_.push_back(std::move(row));
    ready_.notify_one();
  }
  TileRow receive() override {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return failed_ || !rows_.empty(); });
    if (rows_.empty()) throw Error(ErrorCode::internal, "bitpar: the block above stopped");
    TileRow row = std::move(rows_.front());
    rows_.pop_front();
    return row;
  }
  // The sender has failed: a receiver waits no more.
  void fail() {
    std::lock_guard<std::mutex> lock(mutex_);
    failed_ = true;
    ready_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<TileRow> rows_;
  bool failed_ = false;
};

// One pair over several devices (Variant::spread_rows): each band's forward sweep in blocks
// of its stripes over the first half of the devices, its backward sweep over the rest, a
// block a device, each block in `tiles` tiles of columns a block of its sweep whose bottom
// rows go to the block below as they are done; the sweeps' edges met on the host as
// run_bitpar's. Each block waits on the one above for its first tile only: the pipeline's
// fill is one tile a block.
Result run_bitpar_rows(Geometry geometry, const std::vector<OpenDevice*>& devices, const Call& call) {
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  if (m == 0 || n == 0 || devices.size() < 2) return run_bitpar(geometry, call, *devices.front());
  const std::int64_t first = first_call_bound(call), tiles = call.params.at("tiles");
  const auto setting_up = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<PairSweeps>> here(devices.size());
  {
    std::vector<std::future<void>> uploads;  // side by side
    for (std::size_t d = 0; d < devices.size(); ++d)
      uploads.push_back(std::async(std::launch::async, [&, d] { here[d] = std::make_unique<PairSweeps>(geometry, *devices[d], call); }));
    for (auto& upload : uploads) upload.get();
  }
  log().debug("bitpar: strings and their codes on {} devices in {:.2f} ms", devices.size(), 1e3 * seconds_since(setting_up));
  Result result;
  result.distance = through_bands(call, m, n, first, [&](std::int64_t k) {
    const Piece piece{0, m, 0, n, k};
    const std::array<BitparSweep, 2> sweeps = here.front()->sweeps.sweeps_of(piece);
    const std::int64_t height = here.front()->sweeps.stripe_rows();
    if (sweeps[1].m == 0) throw Error(ErrorCode::internal, "bitpar: a pair of one column spread over devices");
    struct Job {
      std::size_t device;
      Halves which;
      SweepBlock rows;
      std::int64_t tile_columns;
      QueuedRows *above, *below;
    };
    std::vector<Job> jobs;
    std::vector<std::unique_ptr<QueuedRows>> links;
    std::array<std::size_t, 2> blocks{};
    const std::size_t forward_devices = (devices.size() + 1) / 2;
    for (std::size_t w = 0; w < 2; ++w) {
      const BitparSweep& sweep = sweeps[w];
      const std::size_t its = w == 0 ? forward_devices : devices.size() - forward_devices;
      blocks[w] = static_cast<std::size_t>(std::min<std::int64_t>(static_cast<std::int64_t>(its), sweep.stripes));
      const std::int64_t tile_count = blocks[w] == 1 ? 1 : tiles * static_cast<std::int64_t>(blocks[w]);
      const std::int64_t tile_columns = (sweep.n + tile_count - 1) / tile_count / 32 * 32 + 32;
      for (std::size_t b = 0; b < blocks[w]; ++b) {
        const std::int64_t from = sweep.stripes * static_cast<std::int64_t>(b) / static_cast<std::int64_t>(blocks[w]),
                           to = sweep.stripes * static_cast<std::int64_t>(b + 1) / static_cast<std::int64_t>(blocks[w]);
        QueuedRows* above = b > 0 ? links.back().get() : nullptr;
        if (b + 1 < blocks[w]) links.push_back(std::make_unique<QueuedRows>());
        jobs.push_back({(w == 0 ? 0 : forward_devices) + b, w == 0 ? Halves::forward : Halves::backward,
                        SweepBlock{from, to - from}, tile_columns, above, b + 1 < blocks[w] ? links.back().get() : nullptr});
      }
    }
    std::vector<BlockEdge> edges(jobs.size());
    std::mutex mutex;
    std::exception_ptr failure;
    std::vector<std::thread> threads;
    for (std::size_t j = 0; j < jobs.size(); ++j)
      threads.emplace_back([&, j] {
        const Job& job = jobs[j];
        try {
          edges[j] = here[job.device]->sweeps.block(piece, job.which, job.rows, job.tile_columns, job.above, job.below);
        } catch (...) {
          std::lock_guard<std::mutex> lock(mutex);
          if (!failure) failure = std::current_exception();
          for (auto& link : links) link->fail();
        }
      });
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    const SweepEdge forward = joined_edge(geometry, sweeps[0], height, {edges.begin(), edges.begin() + blocks[0]});
    const SweepEdge backward = joined_edge(geometry, sweeps[1], height, {edges.begin() + blocks[0], edges.end()});
    const Breakpoint met = meet_halves(geometry, piece, forward, backward);
    log().debug("bitpar over {} devices: bound {}: D' = {} (forward {} blocks, backward {}, {} tiles a block)",
                devices.size(), k, met.distance, blocks[0], blocks[1], tiles);
    return met.distance;
  });
  for (const auto& device : here) {
    const Costs costs = device->sweeps.costs();
    result.costs.cells += costs.cells;
    result.costs.launches += costs.launches;
    result.costs.kernel_seconds = std::max(result.costs.kernel_seconds, costs.kernel_seconds);  // side by side
  }
  return result;
}

// An alignment's breakpoints: where each piece's sweeps meet. Below the top a piece's bound
// is its distance, which one band holds; the top's band grows as a distance's does, from the
// estimate.
class BitparMeetings final : public BreakpointFinder {
 public:
  // A ring of few bus slots a sweep costs a stripe nothing (it waits on the stripe above
  // anyway): an alignment's bus stays within 16 bytes per byte of its strings.
  static constexpr std::uint64_t kBusPerByte = 16;

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
      if (p.bound >= longest)
        p.bound = first_bound(p.m, p.n,
                              !wants_estimate(p.m, p.n) ? -1.0
                              : p.estimate >= 0         ? p.estimate
                                                        : DivergenceSample(strings_.host_a.substr(static_cast<std::size_t>(p.a_offset), static_cast<std::size_t>(p.m)),
                                                     strings_.host_b.substr(static_cast<std::size_t>(p.b_offset), static_cast<std::size_t>(p.n)))
                                        .estimated_distance());
      open.push_back(q);
      asked.push_back(p);
    }
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
  device.spread_distance = [](OpenDevice& d, const FarEdge& backward, const Call& call) {
    return run_bitpar(Geometry::lanes, call, d, &backward);
  };
  device.backward_edges = [](OpenDevice& d, const Call& call) { return bitpar_backward_edges(Geometry::lanes, d, call); };
  device.spread_rows = [](const std::vector<OpenDevice*>& devices, const Call& call) {
    return run_bitpar_rows(Geometry::lanes, devices, call);
  };
  device.breakpoint = breakpoint(Geometry::lanes);

  Variant vector;
  vector.info.name = "bitpar-vector";
  vector.info.description = "bit-vector DP for CPU devices: one work-item per stripe of 4 x 64 rows in vector lanes";
  vector.info.uses_device = true;
  vector.info.planner = true;
  vector.info.work = Work::matrix;
  vector.info.params = {device.info.params[1], device.info.params[2], device.info.params[5]};
  vector.needs = [](const Params&) { return DeviceNeeds{1, 0}; };
  vector.memory = memory(Geometry::vector);
  vector.distance = {[](OpenDevice* d, const Call& call) { return run_bitpar(Geometry::vector, call, *d); },
                     band_cost(Geometry::vector)};
  vector.spread_distance = [](OpenDevice& d, const FarEdge& backward, const Call& call) {
    return run_bitpar(Geometry::vector, call, d, &backward);
  };
  vector.backward_edges = [](OpenDevice& d, const Call& call) { return bitpar_backward_edges(Geometry::vector, d, call); };
  vector.spread_rows = [](const std::vector<OpenDevice*>& devices, const Call& call) {
    return run_bitpar_rows(Geometry::vector, devices, call);
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
