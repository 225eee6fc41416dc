// Host routine of the persistent wavefront family (cl/wfa_persistent.cl): one launch per
// pair, forward and backward wavefronts meeting in the middle.
#include "wfa_persistent.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>

#include "device_runtime.hpp"
#include "log.hpp"
#include "wavefront.hpp"

namespace levcl::detail {
namespace {

constexpr std::int64_t meeting_slots(std::int64_t groups) { return 2 * groups + 8; }  // MEETING_SLOTS
constexpr std::int64_t state_ints(std::int64_t groups) { return 4 + 4 * meeting_slots(groups); }  // STATE_INTS
constexpr std::size_t piece_fields = 8;  // PIECE_FIELDS
constexpr std::size_t result_ints = 6;   // RESULT_INTS
constexpr std::int64_t kNarrowWorkgroup = 64;  // work-items per piece when the pieces are many

// The arguments of wfa_persistent, in the kernel's order.
struct PersistentArgs {
  cl::Buffer a, b, pieces;
  cl::Buffer forward0, forward1, backward0, backward1;
  cl::Buffer flags, state, results;
  auto fields() const {
    return std::tie(a, b, pieces, forward0, forward1, backward0, backward1, flags, state, results);
  }
};

// Workgroups a piece may have: the parameter, or one per compute unit on a GPU (one per
// unit stays resident whatever else the kernel needs) and one elsewhere: a CPU device such
// as POCL may run workgroups one after another, and a waiting one would never return.
std::int64_t groups_allowed(const DeviceInfo& device, const Params& params) {
  const std::int64_t groups = params.at("groups");
  return groups != 0 ? groups : device.type == "gpu" ? std::max<std::int64_t>(1, device.compute_units) : 1;
}

// Workgroups per piece when `count` pieces run at once: all of them for one piece; for
// more, an equal share (a power of two, so that few programs are built), all resident
// together, or one each when the pieces outnumber them (one workgroup never waits).
// Never more than the blocks of positions of the widest piece.
std::int64_t groups_per_piece(std::int64_t allowed, std::size_t count, std::int64_t widest_blocks) {
  std::int64_t groups = allowed;
  if (count > 1) {
    const std::int64_t share = allowed / static_cast<std::int64_t>(count);
    groups = 1;
    while (groups * 2 <= share) groups *= 2;
  }
  return std::max<std::int64_t>(1, std::min(groups, widest_blocks));
}

// Local memory of a workgroup (the kernel's __local arrays).
std::uint64_t local_bytes(std::int64_t wg, std::int64_t team) {
  const std::int64_t teams = wg / std::min(team, wg);
  return static_cast<std::uint64_t>((4 * wg + teams + 5) * sizeof(cl_int));
}

// A piece's stored positions: every one live at some step up to the last,
// r = (bound + 1) / 2, for the forward diagonals [-R, R] and the backward ones
// delta - [-R, R], inside the matrix.
struct Positions {
  std::int64_t low, width;
};
Positions positions_of(const Piece& piece) {
  const std::int64_t m = piece.m, n = piece.n, last_step = (piece.bound + 1) / 2, delta = n - m;
  const std::int64_t fwd_lo = -std::min(last_step, m), fwd_hi = std::min(last_step, n);
  const std::int64_t low = std::max(-m, std::min(fwd_lo, delta - fwd_hi));
  const std::int64_t high = std::min(n, std::max(fwd_hi, delta - fwd_lo));
  return {low, high - low + 1};
}

std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", static_cast<double>(bytes) / (1ull << 30));
  return text;
}

}  // namespace

struct PieceMeetings::Impl {
  OpenDevice& device;
  Params params;
  cl::Buffer a, b;
  std::uint64_t string_bytes = 0;
  bool words = false;  // runs compared a word at a time (extend_by_words, decided on the whole strings)
  GrowingBuffer columns[4], flags, state, table, results;  // kept from launch to launch
  MeetingCosts costs;

  // Device bytes of a launch of `count` pieces whose columns hold `width` positions in all.
  static std::uint64_t launch_bytes(std::uint64_t width, std::uint64_t count, std::int64_t groups) {
    return 4 * width * sizeof(cl_int) +
           count * (sizeof(cl_long) * piece_fields + sizeof(cl_int) * (groups + state_ints(groups) + result_ints));
  }

  void launch(const Piece* pieces, std::size_t count, std::int64_t groups, std::int64_t wg, std::vector<Breakpoint>& out);
};

PieceMeetings::PieceMeetings(OpenDevice& device, const DeviceStrings& strings, const Params& params)
    : impl_(new Impl{device, params, strings.a, strings.b, strings.bytes,
                     extend_by_words(strings.host_a, strings.host_b, params.at("extend")), {}, {}, {}, {}, {}, {}}) {
  impl_->costs.peak_device_bytes = impl_->string_bytes;
}

PieceMeetings::~PieceMeetings() = default;

const MeetingCosts& PieceMeetings::costs() const { return impl_->costs; }

std::vector<Breakpoint> PieceMeetings::run(const std::vector<Piece>& pieces) {
  const DeviceInfo& info = impl_->device.info();
  const std::int64_t allowed = groups_allowed(info, impl_->params), wg = impl_->params.at("wg");
  // Launches as large as memory allows: the columns within one buffer, everything within
  // what the strings leave of the device (a tenth kept for the driver).
  const std::uint64_t room = info.global_memory / 10 * 9 > impl_->string_bytes
                                 ? info.global_memory / 10 * 9 - impl_->string_bytes : 0;
  for (const Piece& piece : pieces)
    if (piece.m >= INT_MAX || piece.n >= INT_MAX)
      throw Error(ErrorCode::input_too_long, "persistent takes strings of up to " + std::to_string(INT_MAX - 1) +
                                                 " bytes (32-bit rows)");
  std::vector<Breakpoint> out;
  out.reserve(pieces.size());
  for (std::size_t first = 0; first < pieces.size();) {
    std::size_t count = 0;
    std::uint64_t width = 0;
    std::int64_t widest = 0, groups = 1;
    while (first + count < pieces.size()) {
      const std::int64_t w = positions_of(pieces[first + count]).width;
      const std::int64_t g = groups_per_piece(allowed, count + 1, (std::max(widest, w) + wg - 1) / wg);
      const std::uint64_t bytes = Impl::launch_bytes(width + w, count + 1, g);
      if (bytes > room || (width + w) * sizeof(cl_int) > info.max_allocation) {
        if (count > 0) break;
        throw Error(ErrorCode::out_of_memory,
                    "device out of memory: a piece of " + std::to_string(pieces[first].m) + " x " +
                        std::to_string(pieces[first].n) + " needs " + gib(bytes + impl_->string_bytes) + ", device " +
                        info.name + " has " + gib(info.global_memory) + " (" + gib(info.max_allocation) +
                        " per buffer)");
      }
      width += w;
      widest = std::max(widest, w);
      groups = g;
      ++count;
    }
    // Pieces that outnumber the workgroups twice over get one narrow workgroup each: their
    // fronts are short, and a wide one would idle most of its work-items through every
    // step's barriers, with fewer resident workgroups per compute unit.
    const std::int64_t narrow = static_cast<std::int64_t>(count) >= 2 * allowed ? std::min<std::int64_t>(wg, kNarrowWorkgroup) : wg;
    impl_->launch(&pieces[first], count, groups, narrow, out);
    first += count;
  }
  return out;
}

void PieceMeetings::Impl::launch(const Piece* pieces, std::size_t count, std::int64_t groups, std::int64_t wg,
                                 std::vector<Breakpoint>& out) {
  const DeviceInfo& info = device.info();
  const bool nvidia = info.platform_vendor.find("NVIDIA") != std::string::npos;
  const std::string options = "-DWG=" + std::to_string(wg) + " -DGROUPS=" + std::to_string(groups) +
                              " -DTEAM=" + std::to_string(params.at("team")) + " -DEXTEND_WORDS=" +
                              (words ? "1" : "0") + " -DPTX_FENCES=" + (nvidia ? "1" : "0");
  cl::Kernel& kernel =
      device.kernel({"workgroup_flags.cl", "wfa_common.cl", "wfa_persistent.cl"}, "wfa_persistent", options);
  device.check_launch(kernel, static_cast<std::size_t>(wg));

  // One workgroup a piece: the kernel sets up each piece's state and writes its results;
  // more: the host sets up the flags and state and reads the state back.
  const bool compact = groups == 1;
  const std::size_t slots = static_cast<std::size_t>(state_ints(groups));
  std::vector<cl_long> table(count * piece_fields);
  std::vector<cl_int> flag_init(compact ? 0 : count * static_cast<std::size_t>(groups));
  std::vector<cl_int> state(compact ? 0 : count * slots, 0);
  std::vector<cl_int> results(compact ? count * result_ints : 0);
  std::uint64_t width = 0;
  for (std::size_t q = 0; q < count; ++q) {
    const Piece& piece = pieces[q];
    const Positions at = positions_of(piece);
    // Workgroup 0 alone while the live positions (2r + 1 + |delta| of them) fit `solo` blocks.
    const std::int64_t solo_room = params.at("solo") * wg - 1 - std::abs(piece.n - piece.m);
    const std::int64_t solo_last = groups == 1 ? INT_MAX : solo_room < 0 ? -1 : solo_room / 2;
    cl_long* fields = &table[q * piece_fields];
    fields[0] = piece.a_offset;
    fields[1] = piece.m;
    fields[2] = piece.b_offset;
    fields[3] = piece.n;
    fields[4] = static_cast<cl_long>(width);  // the piece's first column entry
    fields[5] = at.low;
    fields[6] = piece.bound;
    fields[7] = solo_last;
    width += static_cast<std::uint64_t>(at.width);
    if (compact) continue;
    for (std::int64_t g = 0; g < groups; ++g)
      flag_init[q * groups + g] = g == 0 ? -1 : static_cast<cl_int>(solo_last);
    state[q * slots] = INT_MAX;
  }
  const auto bytes_of = [](const auto& v) { return std::max<std::size_t>(1, v.size() * sizeof(v[0])); };
  try {
    PersistentArgs args;
    args.a = a;
    args.b = b;
    // Unwritten cells are never read: a cell is read only where it was live the step before.
    cl::Buffer* column_args[4] = {&args.forward0, &args.forward1, &args.backward0, &args.backward1};
    for (int c = 0; c < 4; ++c) *column_args[c] = columns[c].at_least(device, width * sizeof(cl_int));
    args.pieces = this->table.at_least(device, bytes_of(table));
    args.flags = flags.at_least(device, count * groups * sizeof(cl_int));
    args.state = this->state.at_least(device, count * slots * sizeof(cl_int));
    args.results = this->results.at_least(device, bytes_of(results));
    cl::CommandQueue& queue = device.queue();
    // Blocking writes, as upload_string's: the vectors go when an error ends the call.
    queue.enqueueWriteBuffer(args.pieces, CL_TRUE, 0, bytes_of(table), table.data());
    if (!compact) {
      queue.enqueueWriteBuffer(args.flags, CL_TRUE, 0, bytes_of(flag_init), flag_init.data());
      queue.enqueueWriteBuffer(args.state, CL_TRUE, 0, bytes_of(state), state.data());
    }
    set_args(kernel, args);
    std::uint64_t held = string_bytes + this->table.bytes() + flags.bytes() + this->state.bytes() + this->results.bytes();
    for (const GrowingBuffer& c : columns) held += c.bytes();
    costs.peak_device_bytes = std::max(costs.peak_device_bytes, held);

    BusySpan busy;
    device.launch(kernel, count * static_cast<std::size_t>(groups * wg), static_cast<std::size_t>(wg),
                  busy.event(true));
    if (compact)
      queue.enqueueReadBuffer(args.results, CL_TRUE, 0, bytes_of(results), results.data());
    else
      queue.enqueueReadBuffer(args.state, CL_TRUE, 0, bytes_of(state), state.data());
    costs.kernel_seconds += busy.seconds();
    ++costs.launches;
    log().debug("persistent: {} piece(s), {} positions, {} workgroup(s) of {} each, words={}", count, width, groups,
                wg, words);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running wfa_persistent on " + info.name);
  }

  for (std::size_t q = 0; q < count; ++q) {
    // distance, the meeting's row, diagonal and forward score, cells (INT_MIN row: none)
    cl_int found[result_ints];
    if (compact) {
      std::copy_n(&results[q * result_ints], result_ints, found);
    } else {
      const cl_int* piece_state = &state[q * slots];
      const std::int64_t distance = piece_state[0];
      const cl_int* slot = piece_state + 4 + 4 * (distance == INT_MAX ? 0 : distance % meeting_slots(groups));
      found[0] = piece_state[0];
      found[1] = slot[0] == distance + 1 ? slot[1] : INT_MIN;
      found[2] = slot[2];
      found[3] = slot[3];
      found[4] = piece_state[2];
      found[5] = piece_state[3];
    }
    costs.cells += (static_cast<std::uint64_t>(static_cast<cl_uint>(found[5])) << 32) | static_cast<cl_uint>(found[4]);
    Breakpoint meeting;
    const std::int64_t distance = found[0], bound = pieces[q].bound;
    if (distance > bound) {
      meeting.distance = bound + 1;
      out.push_back(meeting);
      continue;
    }
    if (found[1] == INT_MIN)
      throw Error(ErrorCode::internal, "persistent found distance " + std::to_string(distance) + " without its meeting cell");
    meeting.distance = distance;
    meeting.i = found[1];
    meeting.j = static_cast<std::int64_t>(found[1]) + found[2];
    meeting.forward_score = found[3];
    meeting.backward_score = distance - found[3];
    out.push_back(meeting);
  }
}

Breakpoint meet_in_the_middle(OpenDevice& device, std::string_view a, std::string_view b, const Params& params,
                              std::int64_t max_distance, Result* result) {
  const std::int64_t m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  const DeviceStrings strings(device, a, b);
  PieceMeetings meetings(device, strings, params);
  const Breakpoint meeting =
      meetings.run({Piece{0, m, 0, n, std::clamp<std::int64_t>(max_distance, 0, std::max(m, n))}}).front();
  if (result) {
    result->cells = meetings.costs().cells;
    result->kernel_seconds = meetings.costs().kernel_seconds;
    result->launches = meetings.costs().launches;
  }
  return meeting;
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
