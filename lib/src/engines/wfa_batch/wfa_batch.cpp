// The wfa_batch family (cl/wfa_batch.cl, the layout both share in cl/wfa_batch.h):
// `wfa-batch`, the distances of a batch's similar pairs by wavefronts, a workgroup per pair
// and every pair of a pass in one launch (seed 003, eWFA-GPU). A pair of distance d costs
// about d^2 cells where the bit vectors sweep m * n / 32 words, and d radii of one barrier
// each.
//
// Fronts. In global memory (local=0, the default), one pass takes every pair to its bound.
// In local memory (local=1) the first pass holds each pair's fronts, `front` diagonals on
// each side, its bound capped there; the pairs that end above a cap below their own bound
// run again with fronts four times wider, and workgroups four times larger (up to 256
// work-items), in local memory while the device has it, then in global memory. On the H100
// global fronts (cached in L1) were as fast or faster on every batch measured, and a pass
// again costs the radii the first already ran (bench/results/h100/wfa-batch). auto sends
// it a batch's long pairs first, bounded (choice.hpp: wavefront_trial).
#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "cl/wfa_batch.h"
#include "engines/batch_strings.hpp"
#include "engines/registry.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/open_device.hpp"

namespace levcl::detail {
namespace {

static_assert(sizeof(WfaBatchPair) == 5 * sizeof(cl_ulong) && sizeof(WfaBatchResult) == 2 * sizeof(cl_ulong),
              "the layout of cl/wfa_batch.h has no padding, as the kernel reads it");
constexpr std::int64_t kWidestGroup = 256;  // work-items per pair in the widest passes

// The arguments of wfa_batch, in the kernel's order.
struct BatchArgs {
  cl::Buffer words, pairs, fronts, results;
  auto fields() const { return std::tie(words, pairs, fronts, results); }
};

// What the engine keeps on a device from call to call.
struct Buffers {
  explicit Buffers(OpenDevice&) {}
  GrowingBuffer pairs, fronts, results;
};

// One pass's fronts: `front` diagonals on each side in local memory, or (front 0) each
// pair's own bound in global memory; `wg` work-items per pair.
struct Pass {
  std::int64_t front, wg;
};

// Runs `table` in launches whose global fronts fit the device; the results in order.
std::vector<WfaBatchResult> run_pass(OpenDevice& device, const cl::Buffer& words, std::vector<WfaBatchPair>& table,
                                     const Pass& pass, BusySpan& busy, Costs& costs) {
  const DeviceInfo& info = device.info();
  Buffers& kept = device.state<Buffers>("wfa-batch");
  cl::Kernel& kernel = device.kernel("wfa_batch.cl", "wfa_batch",
                                     "-DWG=" + std::to_string(pass.wg) + " -DFRONT=" + std::to_string(pass.front));
  device.check_launch(kernel, static_cast<std::size_t>(pass.wg));
  const std::uint64_t budget = std::min(info.global_memory / 4, info.max_allocation) / sizeof(cl_int);
  std::vector<WfaBatchResult> results(table.size());
  for (std::size_t first = 0; first < table.size();) {
    std::size_t count = 0;
    std::uint64_t ints = 0;  // of the launch's global fronts
    while (first + count < table.size()) {
      WfaBatchPair& pair = table[first + count];
      const std::uint64_t own =
          pass.front > 0 ? 0 : 2 * static_cast<std::uint64_t>(WFA_BATCH_FRONT_INTS(std::int64_t{pair.bound}));
      if (ints + own > budget) {
        if (count > 0) break;
        throw Error(ErrorCode::out_of_memory, "device out of memory: wfa-batch's fronts for a pair of " +
                                                  std::to_string(pair.m) + " x " + std::to_string(pair.n) + " need " +
                                                  std::to_string(own * sizeof(cl_int)) + " bytes, device " + info.name +
                                                  " gives a launch " + std::to_string(budget * sizeof(cl_int)));
      }
      pair.front_offset = ints;
      ints += own;
      ++count;
    }
    try {
      BatchArgs args;
      args.words = words;
      args.pairs = kept.pairs.at_least(device, count * sizeof(WfaBatchPair));
      args.fronts = kept.fronts.at_least(device, std::max<std::uint64_t>(ints, 1) * sizeof(cl_int));
      args.results = kept.results.at_least(device, count * sizeof(WfaBatchResult));
      cl::CommandQueue& queue = device.queue();
      queue.enqueueWriteBuffer(args.pairs, CL_TRUE, 0, count * sizeof(WfaBatchPair), &table[first]);
      set_args(kernel, args);
      device.launch(kernel, count * static_cast<std::size_t>(pass.wg), static_cast<std::size_t>(pass.wg),
                    busy.event(true));
      device.wait();
      queue.enqueueReadBuffer(args.results, CL_TRUE, 0, count * sizeof(WfaBatchResult), &results[first]);
    } catch (const cl::Error& e) {
      throw_opencl_error(e, "running wfa_batch on " + info.name);
    }
    ++costs.launches;
    first += count;
  }
  return results;
}

void batch_distances(OpenDevice& device, const BatchCall& call, BatchResult& out) {
  const auto length = [&](std::uint32_t s) { return static_cast<std::int64_t>(call.strings[s].size()); };
  out.distances.assign(call.count, 0);
  std::vector<std::int64_t> bound(call.count);
  std::vector<std::size_t> pending;
  for (std::size_t i = 0; i < call.count; ++i) {
    const std::int64_t m = length(call.pairs[i].a), n = length(call.pairs[i].b), most = std::max(m, n);
    bound[i] = call.max_distance >= 0 ? std::min(call.max_distance, most) : most;
    // A front's diagonals are indexed in 32 bits: -bound - 1 .. bound + 1 from its centre.
    if (WFA_BATCH_FRONT_INTS(bound[i]) > INT_MAX)
      throw Error(ErrorCode::input_too_long, "wfa-batch takes bounds (k, else the longer string's length) of up to " +
                                                 std::to_string((INT_MAX - 3) / 2) + " (32-bit fronts), not " +
                                                 std::to_string(bound[i]));
    if (m == 0 || n == 0)
      out.distances[i] = std::min(most, bound[i] + 1);
    else
      pending.push_back(i);
  }
  device.progress().add_pairs(call.count - pending.size());
  if (pending.empty()) return;

  const JoinedStrings joined = join_strings(device, call, pending, "wfa-batch-strings");
  const DeviceInfo& info = device.info();
  const bool local = call.params.at("local") != 0;
  Pass pass{call.params.at("front"), call.params.at("wg")};
  BusySpan busy;
  while (!pending.empty()) {
    if (!local || static_cast<std::uint64_t>(WFA_BATCH_LOCAL_BYTES(pass.front)) > info.local_memory) pass.front = 0;
    std::vector<WfaBatchPair> table;
    table.reserve(pending.size());
    for (const std::size_t i : pending) {
      const std::int64_t cap = pass.front > 0 ? std::min(bound[i], pass.front) : bound[i];
      table.push_back({joined.offset_of(call.pairs[i].a), joined.offset_of(call.pairs[i].b), 0,
                       static_cast<cl_int>(length(call.pairs[i].a)), static_cast<cl_int>(length(call.pairs[i].b)),
                       static_cast<cl_int>(cap), 0});
    }
    const std::vector<WfaBatchResult> results = run_pass(device, joined.buffer, table, pass, busy, out.costs);
    std::vector<std::size_t> again;
    for (std::size_t q = 0; q < pending.size(); ++q) {
      out.costs.cells += results[q].cells;
      if (results[q].distance > table[q].bound && table[q].bound < bound[pending[q]])
        again.push_back(pending[q]);
      else
        out.distances[pending[q]] = results[q].distance;
    }
    log().debug("wfa-batch: {} of {} pairs ended within fronts of {} ({} work-items each), kernels {:.1f} ms so far",
                pending.size() - again.size(), pending.size(), pass.front > 0 ? std::to_string(pass.front) : "their bound",
                pass.wg, 1e3 * busy.seconds());
    device.progress().add_pairs(pending.size() - again.size());
    pending = std::move(again);
    pass = {pass.front * 4, std::min({pass.wg * 4, kWidestGroup, static_cast<std::int64_t>(info.max_workgroup)})};
  }
  out.costs.kernel_seconds = busy.seconds();
}

std::vector<Variant> wfa_batch_variants() {
  Variant v;
  v.info.name = "wfa-batch";
  v.info.description =
      "batches of similar pairs: a workgroup per pair grows its wavefront radius by radius, one barrier a radius, its "
      "fronts in global memory (or in local memory, in passes of wider fronts)";
  v.info.uses_device = true;
  v.info.work = Work::wavefront;
  v.info.params = {
      workgroup_param(128),
      {"local", 0, 0, 1,
       "1: fronts in local memory, in passes of wider fronts where the device has room for them; 0: in global memory, "
       "one pass to each pair's bound",
       Sweep::none},
      {"front", 512, 1, 1 << 20,
       "with local=1, the diagonals on each side of 0 that the first pass's fronts hold, every bound capped there; the "
       "pairs that end above it run again with fronts four times wider",
       Sweep::none},
  };
  v.needs = [](const Params& p) {
    return DeviceNeeds{static_cast<std::uint64_t>(p.at("wg")),
                       p.at("local") != 0 ? static_cast<std::uint64_t>(WFA_BATCH_LOCAL_BYTES(p.at("front"))) : 0, 0};
  };
  // No cost model: a batch's time depends on distances it does not know (auto sends it
  // long pairs first, with a bound: distances.cpp).
  v.batch = {[](OpenDevice* device, const BatchCall& call, BatchResult& out) { batch_distances(*device, call, out); },
             nullptr};
  return {v};
}

const FamilyRegistration registration{34, "wfa_batch", wfa_batch_variants};

}  // namespace
}  // namespace levcl::detail
