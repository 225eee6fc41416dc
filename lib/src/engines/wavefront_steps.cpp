#include "engines/wavefront_steps.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "cl/wfa_common.h"
#include "engines/divergence.hpp"

namespace levcl::detail {
namespace {

constexpr cl_int unknown = std::numeric_limits<cl_int>::max();

}  // namespace

ParamSpec read_interval_param() {
  return {"read-interval", 100, 1, 1 << 20, "kernel launches between two reads of the result", Sweep::read_interval};
}

ParamSpec diamond_param() {
  // Not swept: diamond=1 only skips work; diamond=0 is there to reproduce the paper's progression.
  return {"diamond", 1, 0, 1, "dynamic diamond: skip diagonals that cannot reach the solution (0 or 1)", Sweep::none};
}

ParamSpec extend_param() {
  // Not swept: the right choice depends on the strings, not the device (extend_by_words).
  return {"extend", 1, 0, 2,
          "extend matches 0 a byte at a time, 2 eight bytes at a time, 1 by words when a sample of the strings "
          "looks similar (persistent: also in its launches of fewer pieces than compute units)",
          Sweep::none};
}

MemoryNeeds wavefront_memory(int column_count, std::uint64_t m, std::uint64_t n) {
  const std::uint64_t column_bytes = (m + n + 3) * sizeof(cl_int);  // centred, a spare cell on each side
  return {static_cast<std::uint64_t>(column_count) * column_bytes + m + n + STATE_INTS * sizeof(cl_int), column_bytes};
}

WavefrontBuffers::WavefrontBuffers(OpenDevice& device, std::string_view sa, std::string_view sb, int column_count,
                                   std::int64_t bound)
    : columns(static_cast<std::size_t>(column_count)) {
  const MemoryNeeds needs = wavefront_memory(column_count, sa.size(), sb.size());
  const std::uint64_t column_bytes = needs.largest_buffer;
  check_memory(device.info(), needs, std::to_string(column_count) + " wavefront columns");
  try {
    const DeviceStrings strings(device, sa, sb);
    a = strings.a;
    b = strings.b;
    for (auto& column : columns) {
      column = cl::Buffer(device.context(), CL_MEM_READ_WRITE, column_bytes);
      device.queue().enqueueFillBuffer(column, cl_int{UNREACHED}, 0, column_bytes);
    }
    cl_int initial[STATE_INTS] = {};
    initial[STATE_SOLUTION] = unknown;
    initial[STATE_BOUND] = static_cast<cl_int>(bound);
    state = cl::Buffer(device.context(), CL_MEM_READ_WRITE, sizeof initial);
    device.queue().enqueueWriteBuffer(state, CL_TRUE, 0, sizeof initial, initial);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "allocating wavefront buffers on " + device.info().name);
  }
}

WavefrontBuffers::State WavefrontBuffers::read_state(cl::CommandQueue& queue) {
  cl_uint values[STATE_INTS];
  queue.enqueueReadBuffer(state, CL_TRUE, 0, sizeof values, values);
  const auto solution = static_cast<cl_int>(values[STATE_SOLUTION]);
  return {solution == unknown ? -1 : solution, static_cast<cl_int>(values[STATE_BOUND]),
          (static_cast<std::uint64_t>(values[STATE_CELLS_HIGH]) << 32) | values[STATE_CELLS_LOW]};
}

bool extend_by_words(const DivergenceSample& sample, std::int64_t extend) {
  if (extend != 1) return extend == 2;
  constexpr double words_from = 1.0 / 16;  // 16 or more matching bytes per edit
  return sample.divergence(words_from).has_value();
}

Result run_wavefront(OpenDevice& device, WavefrontBuffers& buffers, std::int64_t max_distance,
                     const WavefrontSteps& steps, const DivergenceSample& pair) {
  const auto start = std::chrono::steady_clock::now();
  double expected_steps = -1;  // sampled once the run has lasted: short runs sample nothing
  Result result;
  BusySpan busy;
  // At most two batches of kBatch launches queued between reads (a read interval may be
  // thousands), so that a cancelled call stops within a batch: every kBatch-th launch keeps
  // its event, and the one two batches back is waited for (a cancel is seen there) before the
  // next batch is queued; the device never runs dry meanwhile.
  constexpr std::int64_t kBatch = 32;
  cl::Event batch_ends[2];
  std::int64_t bound = max_distance;
  for (std::int64_t step = 0;; ++step) {
    const bool live = steps.live(step, bound);
    const bool read_after = !live || !steps.live(step + 1, bound) || (step + 1) % steps.read_interval == 0 ||
                            step >= steps.last_step;
    if (live) {
      const bool batch_end = step % kBatch == kBatch - 1;
      cl::Event& end = batch_ends[(step / kBatch) % 2];
      if (batch_end && step >= 2 * kBatch) device.wait(&end);
      cl::Event* event = busy.event(read_after);
      result.costs.cells += steps.enqueue(step, bound, event ? event : batch_end ? &end : nullptr);
      if (batch_end && event) end = *event;
      ++result.costs.launches;
    }
    if (!read_after) continue;
    const auto state = buffers.read_state(device.queue());
    const bool over = !live || step >= steps.last_step;
    if (state.solution >= 0 || over) {
      // Without a solution, every cell of every path of at most max_distance edits was
      // computed and none reached the end: the distance is larger.
      result.distance = state.solution >= 0 ? state.solution : max_distance + 1;
      result.costs.cells += state.cells;
      break;
    }
    bound = state.bound;
    if (std::chrono::steady_clock::now() - start > std::chrono::milliseconds(500)) {
      if (expected_steps < 0) expected_steps = pair.estimated_distance() / steps.radii_per_step + 1;
      device.progress().part_of_estimate(static_cast<double>(step), expected_steps);
    }
  }
  result.costs.kernel_seconds = busy.seconds();
  return result;
}

}  // namespace levcl::detail
