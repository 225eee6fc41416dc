// Host routine of the persistent wavefront family (cl/wfa_persistent.cl): one launch per
// pair, forward and backward wavefronts meeting in the middle.
#include "wfa_persistent.hpp"

#include <algorithm>
#include <climits>

#include "device_runtime.hpp"
#include "log.hpp"
#include "wavefront.hpp"

namespace levcl::detail {
namespace {

constexpr std::int64_t meeting_slots(std::int64_t groups) { return 2 * groups + 8; }  // MEETING_SLOTS

// The arguments of wfa_persistent, in the kernel's order.
struct PersistentArgs {
  cl::Buffer a;
  cl_int m;
  cl::Buffer b;
  cl_int n;
  cl::Buffer forward0, forward1, backward0, backward1;
  cl_long p_low, width;
  cl_int bound, solo_last;
  cl::Buffer flags, state;
  auto fields() const {
    return std::tie(a, m, b, n, forward0, forward1, backward0, backward1, p_low, width, bound, solo_last, flags, state);
  }
};

// Workgroups that step together: the parameter, or one per compute unit on a GPU (one per
// unit stays resident whatever else the kernel needs) and one elsewhere: a CPU device such
// as POCL may run workgroups one after another, and a waiting one would never return.
// Never more than the blocks of positions there are.
std::int64_t groups_for(const DeviceInfo& device, const Params& params, std::int64_t blocks) {
  std::int64_t groups = params.at("groups");
  if (groups == 0) groups = device.type == "gpu" ? std::max<std::int64_t>(1, device.compute_units) : 1;
  return std::max<std::int64_t>(1, std::min(groups, blocks));
}

// Local memory of a workgroup (the kernel's __local arrays).
std::uint64_t local_bytes(std::int64_t wg, std::int64_t team) {
  const std::int64_t teams = wg / std::min(team, wg);
  return static_cast<std::uint64_t>((4 * wg + teams + 5) * sizeof(cl_int));
}

}  // namespace

Breakpoint meet_in_the_middle(OpenDevice& device, std::string_view sa, std::string_view sb, const Params& params,
                              std::int64_t max_distance, Result* result) {
  const std::int64_t m = static_cast<std::int64_t>(sa.size()), n = static_cast<std::int64_t>(sb.size());
  const DeviceInfo& info = device.info();
  if (m >= INT_MAX || n >= INT_MAX)
    throw Error(ErrorCode::input_too_long, "persistent takes strings of up to " + std::to_string(INT_MAX - 1) +
                                               " bytes (32-bit rows)");
  const std::int64_t bound = std::clamp<std::int64_t>(max_distance, 0, std::max(m, n));

  // Positions stored: every one live at some step up to the last, r = (bound + 1) / 2, for
  // the forward diagonals [-R, R] and the backward ones delta - [-R, R], inside the matrix.
  const std::int64_t last_step = (bound + 1) / 2, delta = n - m;
  const std::int64_t fwd_lo = -std::min(last_step, m), fwd_hi = std::min(last_step, n);
  const std::int64_t p_low = std::max(-m, std::min(fwd_lo, delta - fwd_hi));
  const std::int64_t p_high = std::min(n, std::max(fwd_hi, delta - fwd_lo));
  const std::int64_t width = p_high - p_low + 1;

  const std::int64_t wg = params.at("wg"), team = params.at("team");
  const std::int64_t groups = groups_for(info, params, (width + wg - 1) / wg);
  // Workgroup 0 alone while the live positions (2r + 1 + |delta| of them) fit `solo` blocks.
  const std::int64_t solo_room = params.at("solo") * wg - 1 - std::abs(delta);
  const std::int64_t solo_last = groups == 1 ? INT_MAX : solo_room < 0 ? -1 : solo_room / 2;

  const bool words = extend_by_words(sa, sb, params.at("extend"));
  const bool nvidia = info.platform_vendor.find("NVIDIA") != std::string::npos;
  const std::string options = "-DWG=" + std::to_string(wg) + " -DGROUPS=" + std::to_string(groups) +
                              " -DTEAM=" + std::to_string(team) + " -DEXTEND_WORDS=" + (words ? "1" : "0") +
                              " -DPTX_FENCES=" + (nvidia ? "1" : "0");
  cl::Kernel& kernel =
      device.kernel({"workgroup_flags.cl", "wfa_common.cl", "wfa_persistent.cl"}, "wfa_persistent", options);
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  const std::uint64_t column_bytes = static_cast<std::uint64_t>(width) * sizeof(cl_int);
  if (column_bytes > info.max_allocation || 4 * column_bytes + sa.size() + sb.size() > info.global_memory)
    throw Error(ErrorCode::out_of_memory, "device out of memory: persistent needs 4 columns of " +
                                              std::to_string(column_bytes) + " bytes on " + info.name + " (" +
                                              std::to_string(info.max_allocation) + " bytes per buffer, " +
                                              std::to_string(info.global_memory) + " in all)");
  try {
    PersistentArgs args;
    args.a = upload_string(device, sa);
    args.m = static_cast<cl_int>(m);
    args.b = upload_string(device, sb);
    args.n = static_cast<cl_int>(n);
    // Unwritten cells are never read: a cell is read only where it was live the step before.
    for (cl::Buffer* column : {&args.forward0, &args.forward1, &args.backward0, &args.backward1})
      *column = cl::Buffer(device.context(), CL_MEM_READ_WRITE, column_bytes);
    args.p_low = p_low;
    args.width = width;
    args.bound = static_cast<cl_int>(bound);
    args.solo_last = static_cast<cl_int>(solo_last);
    std::vector<cl_int> flags(static_cast<std::size_t>(groups), static_cast<cl_int>(solo_last));
    flags[0] = -1;
    args.flags = cl::Buffer(device.context(), CL_MEM_READ_WRITE, flags.size() * sizeof(cl_int));
    device.queue().enqueueWriteBuffer(args.flags, CL_FALSE, 0, flags.size() * sizeof(cl_int), flags.data());
    std::vector<cl_int> state(static_cast<std::size_t>(4 + 4 * meeting_slots(groups)), 0);
    state[0] = INT_MAX;
    args.state = cl::Buffer(device.context(), CL_MEM_READ_WRITE, state.size() * sizeof(cl_int));
    device.queue().enqueueWriteBuffer(args.state, CL_FALSE, 0, state.size() * sizeof(cl_int), state.data());
    set_args(kernel, args);

    BusySpan busy;
    device.launch(kernel, static_cast<std::size_t>(groups * wg), static_cast<std::size_t>(wg), busy.event(true));
    device.queue().enqueueReadBuffer(args.state, CL_TRUE, 0, state.size() * sizeof(cl_int), state.data());
    log().debug("persistent: {} x {}, positions [{}, {}], {} workgroups of {}, solo to r={}, words={}", m, n, p_low,
                p_high, groups, wg, solo_last, words);

    if (result) {
      result->cells = (static_cast<std::uint64_t>(static_cast<cl_uint>(state[3])) << 32) | static_cast<cl_uint>(state[2]);
      result->kernel_seconds = busy.seconds();
      result->launches = 1;
    }
    Breakpoint meeting;
    const std::int64_t distance = state[0];
    if (distance > bound) {
      meeting.distance = bound + 1;
      return meeting;
    }
    const cl_int* slot = &state[static_cast<std::size_t>(4 + 4 * (distance % meeting_slots(groups)))];
    if (slot[0] != distance + 1)
      throw Error(ErrorCode::internal, "persistent found distance " + std::to_string(distance) + " without its meeting cell");
    meeting.distance = distance;
    meeting.i = slot[1];
    meeting.j = static_cast<std::int64_t>(slot[1]) + slot[2];
    meeting.forward_score = slot[3];
    meeting.backward_score = distance - slot[3];
    return meeting;
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running wfa_persistent on " + info.name);
  }
}

Breakpoint meet_in_the_middle(const DeviceInfo& device, std::string_view a, std::string_view b, const Params& given,
                              std::int64_t max_distance) {
  OpenDevice open(device);
  const std::int64_t longest = static_cast<std::int64_t>(std::max(a.size(), b.size()));
  return meet_in_the_middle(open, a, b, resolve_params(find_variant("persistent").info, given),
                            max_distance < 0 ? longest : max_distance);
}

namespace {

std::vector<Variant> persistent_variants() {
  Variant v;
  v.info.name = "persistent";
  v.info.description =
      "one launch per pair: forward and backward wavefronts meet in the middle, workgroups step radius by radius "
      "through flags, long matching runs extended by teams";
  v.info.uses_device = true;
  v.info.params = {
      workgroup_param(256),
      {"groups", 0, 0, 4096,
       "workgroups stepping together, all resident at once (0: one per compute unit on a GPU, one elsewhere)",
       Sweep::none},
      {"team", 128, 1, 1024, "work-items that extend one long matching run together", Sweep::none},
      {"solo", 2, 0, 1024, "blocks of wg positions that workgroup 0 runs alone before the others join", Sweep::none},
      extend_param(),
  };
  v.needs = [](const Params& p) {
    return DeviceNeeds{static_cast<std::uint64_t>(p.at("wg")), local_bytes(p.at("wg"), p.at("team")),
                       static_cast<std::uint64_t>(p.at("groups"))};
  };
  v.run = [](OpenDevice* device, const Call& call) {
    Result result;
    result.distance = meet_in_the_middle(*device, call.a, call.b, call.params, call.max_distance, &result).distance;
    return result;
  };
  return {v};
}

const FamilyRegistration registration{35, "wfa_persistent", persistent_variants};

}  // namespace
}  // namespace levcl::detail
