// The persistent wavefront family (cl/wfa_persistent.cl, the layout both share in
// cl/wfa_persistent.h): forward and backward wavefronts in one launch, meeting in the
// middle (BiWFA). Besides the distance it finds a breakpoint, the cell where the two fronts
// met, which splits the pair into two halves whose distances add up to the whole's: what
// a linear-memory alignment recurses on (alignment/alignment.cpp), many pieces per launch.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cl/wfa_persistent.h"
#include "cl/workgroup_flags.h"
#include "engines/batch_strings.hpp"
#include "engines/registry.hpp"
#include "engines/wavefront_steps.hpp"
#include "runtime/clock.hpp"
#include "runtime/devices.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

static_assert(sizeof(PersistentPiece) == 10 * sizeof(cl_long) && sizeof(PersistentResult) == 6 * sizeof(cl_int),
              "the layout of cl/wfa_persistent.h has no padding, as the kernel reads it");
constexpr std::int64_t kNarrowWorkgroup = 64;  // work-items per piece when the pieces are many

// The arguments of wfa_persistent, in the kernel's order.
struct PersistentArgs {
  cl::Buffer a, b, pieces;
  cl::Buffer forward0, forward1, backward0, backward1;
  cl::Buffer flags, edges, state, results;
  auto fields() const {
    return std::tie(a, b, pieces, forward0, forward1, backward0, backward1, flags, edges, state, results);
  }
};

// Workgroups a piece may have at one a compute unit: the parameter, or one per compute
// unit where the device runs workgroups that wait on each other (runs_waiting_groups), and
// one elsewhere.
std::int64_t groups_allowed(const DeviceInfo& device, const Params& params) {
  const std::int64_t groups = params.at("groups");
  return groups != 0 ? groups : runs_waiting_groups(device) ? std::max<std::int64_t>(1, device.compute_units) : 1;
}

// Workgroups a compute unit where the groups parameter leaves it to the device: the
// unit-groups parameter, but 1 once a launch of more did not all start on this device
// (`one_per_unit`): several a unit may be more than it holds at once, which the kernel's
// GATHER finds before any workgroup waits on another.
std::int64_t groups_per_unit(const DeviceInfo& device, const Params& params, bool one_per_unit) {
  return params.at("groups") == 0 && runs_waiting_groups(device) && !one_per_unit ? params.at("unit-groups") : 1;
}
// Whether a launch's workgroups gather before any waits on another (the kernel's GATHER):
// several a piece, several a compute unit.
bool gathers(std::int64_t groups, std::int64_t per_unit) { return groups > 1 && per_unit > 1; }
// NVIDIA's registers a compute unit (64K 32-bit ones since Kepler), which GPUs that run
// several workgroups of a unit's share them: the kernel's cap (-cl-nv-maxrregcount), so
// that they fit.
constexpr std::int64_t kNvidiaUnitRegisters = 65536;
// The exception a launch throws where not all of its workgroups started (the kernel's
// GATHER gave up): the caller runs it again at one a compute unit.
struct NotAllStarted {};

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

// Local memory of a workgroup, with `local` positions of each of its four columns.
std::uint64_t local_bytes(std::int64_t wg, std::int64_t team, std::int64_t local) {
  return persistent_local_bytes(wg, wg / std::min(team, wg), local);
}

// Work-items per workgroup where the front is wide (the global-wg parameter): 0 chooses
// kWideWorkgroup a compute unit, shared by its `per_unit` workgroups (as many work-items a
// unit, each a share of its registers), or the device's largest workgroup where that is
// smaller (256 on many AMD and Intel GPUs), so that the defaults run everywhere.
constexpr std::int64_t kWideWorkgroup = 512;
std::int64_t global_workgroup(const DeviceInfo& device, const Params& params, std::int64_t per_unit) {
  const std::int64_t asked = params.at("global-wg");
  return asked > 0 ? asked
                   : std::min<std::int64_t>(std::max<std::int64_t>(kWideWorkgroup / per_unit, params.at("wg")),
                                            static_cast<std::int64_t>(device.max_workgroup));
}

// Where a piece's several workgroups share its columns out in local memory: their
// work-items, and the positions of each column a workgroup may keep (`spread` chunks of a
// block of wg each at most, as many as the device's local memory holds; 0 where not one
// block fits); and, once chosen for pieces (layout_for), the chunks they need.
struct SpreadLayout {
  std::int64_t wg = 0, room = 0, chunks = 0;
  // The kernel's LOCAL_COLUMNS: the chunks needed, no more, so that a narrow front of one
  // chunk runs the program it ran before there were chunks.
  std::int64_t columns() const { return chunks * wg; }
};
SpreadLayout spread_layout(const DeviceInfo& device, const Params& params, std::int64_t wg) {
  const std::int64_t fixed = static_cast<std::int64_t>(local_bytes(wg, params.at("team"), 0));
  const std::int64_t room = (static_cast<std::int64_t>(device.local_memory) - fixed) / (4 * sizeof(cl_int));
  return {wg, std::max<std::int64_t>(0, std::min(params.at("spread"), room / wg) * wg), 0};
}
// The layouts tried, narrowest first: workgroups of wg, then of global-wg where a share
// needs fewer, wider chunks (measured on the H100: E. coli's shares of about 430 positions, 57 ms
// in blocks of 512, against 69-76 ms with global columns).
std::vector<SpreadLayout> spread_layouts(const DeviceInfo& device, const Params& params, std::int64_t per_unit) {
  std::vector<SpreadLayout> out{spread_layout(device, params, params.at("wg"))};
  if (const std::int64_t wide = global_workgroup(device, params, per_unit); wide > params.at("wg"))
    out.push_back(spread_layout(device, params, wide));
  return out;
}

// Bytes past a run's end that NVIDIA's warps ask L2 for (the kernel's PREFETCH_AHEAD), where
// the strings are larger than the prefetch parameter's MiB, about L2: the alignment's next
// runs would otherwise wait on DRAM; where they fit, the requests only cost. (NVIDIA's
// OpenCL reports no L2 size: the global memory cache size it reports on the H200 is below
// E. coli's 9 MB, which prefetching made 1-5% slower.)
constexpr std::uint64_t kPrefetchAhead = 4096;
std::uint64_t prefetch_ahead(const OpenDevice& device, const DeviceStrings& strings, const Params& params) {
  const std::int64_t above = params.at("prefetch");
  const bool beyond_cache = above > 0 && strings.bytes > static_cast<std::uint64_t>(above) << 20;
  return nvidia_platform(device.info()) && beyond_cache ? kPrefetchAhead : 0;
}

// A piece's stored positions (cl/wfa_persistent.h).
struct Positions {
  std::int64_t low, width;
};
Positions positions_of(const Piece& piece) {
  return {persistent_low(piece.m, piece.n, piece.bound), persistent_width(piece.m, piece.n, piece.bound)};
}

// What each of a piece's `groups` workgroups keeps where they share its columns out in
// local memory, `room` positions each at most (cl/wfa_persistent.cl's chunks, dealt out in
// turn): its chunks, each a block of wg positions that holds its own `width` and `halo` of
// each neighbouring chunk's beside them. The fewest chunks that hold the piece, then the
// halo asked for, or less where the chunk's equal share leaves less room or is narrower (a
// neighbour owns it all); none (chunks 0) where they do not fit.
struct SpreadShare {
  std::int64_t width = 0, halo = 0, chunks = 0;
  bool full = false;  // the halo asked for, or the whole equal share where narrower
};
SpreadShare spread_share(const Piece& piece, std::int64_t groups, std::int64_t wg, std::int64_t room,
                         std::int64_t halo) {
  const std::int64_t width = positions_of(piece).width;
  if (wg < 3) return {};
  const std::int64_t chunks = (width + groups * (wg - 2) - 1) / (groups * (wg - 2));  // halos of 1 at least
  if (chunks * wg > room) return {};
  const std::int64_t share = (width + groups * chunks - 1) / (groups * chunks);
  const std::int64_t beside = std::min({halo, share, (wg - share) / 2});
  return {wg - 2 * beside, beside, chunks, beside == std::min(halo, share)};
}

// The layout in which each of `groups` workgroups holds every piece's chunks: the fewest
// chunks (each a block its work-items step one after another), then the halo asked for,
// then the narrowest (measured on the H100, E. coli's shares of about 485 positions: 61 ms
// exchanging every step, 53 every 4); none (room 0) where none holds them.
SpreadLayout layout_for(const std::vector<SpreadLayout>& layouts, const Piece* pieces, std::size_t count,
                        std::int64_t groups, std::int64_t halo) {
  SpreadLayout best;
  std::int64_t best_chunks = 0;
  bool best_full = false;
  for (const SpreadLayout& layout : layouts) {
    bool holds = groups > 1 && layout.room > 0, full = holds;
    std::int64_t chunks = 0;
    for (std::size_t q = 0; holds && q < count; ++q) {
      const SpreadShare share = spread_share(pieces[q], groups, layout.wg, layout.room, halo);
      holds = share.chunks > 0;
      full = full && share.full;
      chunks = std::max(chunks, share.chunks);
    }
    if (holds && (best.room == 0 || chunks < best_chunks || (chunks == best_chunks && full && !best_full))) {
      best = layout;
      best.chunks = chunks;
      best_chunks = chunks;
      best_full = full;
    }
  }
  return best;
}

// The largest bound under which a piece's positions fit `local` a column (the kernel's
// LOCAL_COLUMNS): |n - m| + 2 * last step + 1 of them at most; -1 where none does, or
// where a piece's exact distance lies above it.
std::int64_t local_bound(const Piece& piece, std::int64_t local) {
  const std::int64_t room = local - 1 - std::abs(piece.n - piece.m);
  const std::int64_t cap = room < 0 ? -1 : std::min(piece.bound, room / 2 * 2);
  return piece.exact && cap < piece.bound ? -1 : cap;
}

// Whether a piece's positions fit `local` a column under its own bound (none where local is 0).
bool fits_local(const Piece& piece, std::int64_t local) { return local > 0 && local_bound(piece, local) == piece.bound; }

// Device bytes of a launch of `count` pieces of `groups` workgroups whose columns hold
// `width` positions in all (at most: the state and edges of workgroups that exchange every
// `halo` steps, one chunk each; a launch of several chunks holds no global columns).
std::uint64_t launch_bytes(std::uint64_t width, std::uint64_t count, std::int64_t groups, std::int64_t halo) {
  return 4 * width * sizeof(cl_int) +
         count * (sizeof(PersistentPiece) + sizeof(PersistentResult) +
                  sizeof(cl_int) * (groups + PERSISTENT_STATE_INTS(PERSISTENT_LEAD(groups, halo))) +
                  sizeof(cl_ulong) * PIECE_EDGE_WORDS(groups, 1, halo));
}

// What one pair needs: its columns for every diagonal it may reach, its state, the strings.
MemoryNeeds pair_memory(std::uint64_t m, std::uint64_t n) {
  const std::int64_t width =
      positions_of({0, static_cast<std::int64_t>(m), 0, static_cast<std::int64_t>(n), static_cast<std::int64_t>(std::max(m, n))}).width;
  return {launch_bytes(static_cast<std::uint64_t>(width), 1, 1, 1) + m + n, static_cast<std::uint64_t>(width) * sizeof(cl_int)};
}

std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", static_cast<double>(bytes) / (1ull << 30));
  return text;
}

// Where a piece's result lands in the breakpoint it asks for.
Breakpoint breakpoint_of(const PersistentResult& found, std::int64_t bound) {
  Breakpoint meeting;
  if (found.distance > bound) {
    meeting.distance = bound + 1;
    return meeting;
  }
  if (found.row == INT_MIN)
    throw Error(ErrorCode::internal,
                "persistent found distance " + std::to_string(found.distance) + " without its meeting cell");
  meeting.distance = found.distance;
  meeting.i = found.row;
  meeting.j = static_cast<std::int64_t>(found.row) + found.diagonal;
  meeting.forward_score = found.forward_score;
  meeting.backward_score = found.distance - found.forward_score;
  return meeting;
}

// What the host sends with a launch: the table of pieces and, where a piece has several
// workgroups, their flags (after all of them, where the launch gathers, its gathering words).
struct LaunchTable {
  std::vector<PersistentPiece> pieces;
  std::vector<cl_int> flags;
  std::uint64_t width = 0;  // column entries of every piece
};

// `shares`: what each workgroup of a piece keeps in local memory (none: the columns are
// global). Each piece's columns start where the piece before ends: a slice's widths summed
// first, then each slice written from its sum's offset.
void launch_table(LaunchTable& table, const Piece* pieces, std::size_t count, std::int64_t groups, std::int64_t wg,
                  std::int64_t solo, const std::vector<SpreadShare>& shares, bool gather) {
  const bool host_flags = groups > 1;
  table.pieces.resize(count);
  if (host_flags) table.flags.assign(count * static_cast<std::size_t>(groups) + (gather ? GATHER_WORDS : 0), 0);
  const unsigned threads = thread_count(0);
  const std::size_t slices = slice_count(count, threads, kTableSlice);
  std::vector<std::uint64_t> offsets(slices + 1, 0);  // each slice's first column entry
  parallel_slices(count, slices, threads, [&](std::size_t slice, std::size_t begin, std::size_t end) {
    for (std::size_t q = begin; q < end; ++q) offsets[slice + 1] += static_cast<std::uint64_t>(positions_of(pieces[q]).width);
  });
  for (std::size_t k = 0; k < slices; ++k) offsets[k + 1] += offsets[k];
  table.width = offsets[slices];
  parallel_slices(count, slices, threads, [&](std::size_t slice, std::size_t begin, std::size_t end) {
    std::uint64_t width = offsets[slice];
    for (std::size_t q = begin; q < end; ++q) {
      const Piece& piece = pieces[q];
      const Positions at = positions_of(piece);
      // Workgroup 0 alone while the live positions (2r + 1 + |delta| of them) fit `solo` blocks.
      const std::int64_t solo_room = solo * wg - 1 - std::abs(piece.n - piece.m);
      const std::int64_t solo_last = !host_flags ? INT_MAX : solo_room < 0 ? -1 : solo_room / 2;
      table.pieces[q] = {piece.a_offset, piece.m, piece.b_offset, piece.n, static_cast<cl_long>(width),
                         at.low, piece.bound, solo_last, shares.empty() ? 0 : shares[q].width,
                         shares.empty() ? 0 : shares[q].halo};
      width += static_cast<std::uint64_t>(at.width);
      if (!host_flags) continue;
      for (std::int64_t g = 0; g < groups; ++g)
        table.flags[q * groups + g] = g == 0 ? -1 : static_cast<cl_int>(solo_last);
    }
  });
}

// A launch's device buffers and host tables, kept by the device from call to call (a pair's
// call allocates none once an earlier one was as large, nor does an alignment's level of
// 160,000 pieces, whose fresh pages cost the H100 host more than filling them); calls on a
// device come one at a time, and each launch is read back before the next.
struct LaunchBuffers {
  explicit LaunchBuffers(OpenDevice&) {}
  GrowingBuffer columns[4], edges, state, table, results;
  std::optional<DeviceCounters> flags;  // also read for the progress as a launch runs
  bool one_per_unit = false;  // a launch of several workgroups a compute unit did not all start
  LaunchTable host_table;
  std::vector<PersistentResult> host_results;
  std::vector<std::int64_t> caps;    // run's bounds within local columns (local_bound)
  std::vector<Piece> capped, again;  // its pieces within local columns, and those run again
  std::vector<std::size_t> capped_of, again_of;
  std::vector<Breakpoint> first, second;  // their breakpoints
  std::vector<char> ended;                // whether each capped piece ended within its cap
};

// The breakpoints of pieces of two strings on the device, as few launches as device
// memory allows: each piece gets workgroups of its own, a share of the compute units when
// the pieces are few, one when they are many (then of at most kNarrowWorkgroup
// work-items: the parameter wg is the widest). The buffers grow as needed and are the
// device's (LaunchBuffers).
class PieceMeetings final : public BreakpointFinder {
 public:
  // Pieces of one pair of strings; `sample`: of the whole strings.
  PieceMeetings(OpenDevice& device, const DeviceStrings& strings, const Params& params, const DivergenceSample& sample)
      : device_(device), params_(params), strings_(strings), words_(extend_by_words(sample, params.at("extend"))),
        estimate_(sample.estimated_distance()), buffers_(device.state<LaunchBuffers>("wfa_persistent")) {}
  // Pieces that are a batch's pairs, each compared a word at a time or not (`words`): the
  // progress counts the pairs finished.
  PieceMeetings(OpenDevice& device, const DeviceStrings& strings, const Params& params, bool words)
      : device_(device), params_(params), strings_(strings), words_(words), estimate_(0), batch_(true),
        buffers_(device.state<LaunchBuffers>("wfa_persistent")) {}

  // Builds the programs an alignment's levels are expected to use, side by side.
  void prepare_levels();

  // Pieces that run a workgroup each (they outnumber the workgroups twice over) first run
  // with their columns in local memory and their bounds capped to fit; those that end
  // above a cap below their own bound run again with global columns.
  void run(const std::vector<Piece>& pieces, std::vector<Breakpoint>& out) override;
  // One piece over the device's workgroups.
  Breakpoint run_alone(const Piece& piece);
  Costs costs() const override { return costs_; }
  std::uint64_t peak_device_bytes() const override { return peak_bytes_; }

 private:
  // Workgroups a compute unit for a launch of `count` pieces, the widest of `widest`
  // positions: most_per_unit_ where at one a unit each of a piece's workgroups would step
  // more than one wide block of them (then each of several steps fewer, one after another,
  // and a unit runs one's work while another waits), else one: a narrow front's shares
  // would only narrow, their exchanges come more often (measured on the H200, one a unit
  // against two: 1 Mbp at 99.9% 1.57 -> 1.42 ms in the kernel, 10 Mbp at 99.9% 13.3 -> 12.8).
  std::int64_t per_unit(std::int64_t widest, std::size_t count) const;
  // Workgroups a piece may have at `per_unit` a compute unit.
  std::int64_t allowed(std::int64_t per_unit) const { return units_ * per_unit; }
  // After a launch whose workgroups did not all start: one a compute unit, on this device
  // from now on.
  void one_per_unit();
  // Whether a launch of `count` pieces compares runs a word at a time: where the strings look
  // similar (words_), and under extend 1 wherever its pieces are fewer than the compute units,
  // whatever the strings. Such a launch is bound by its steps' chain of loads, which a word
  // shortens on divergent strings too (H200: the HIV-1 pair's alignment 4.7 -> 4.0 ms, a
  // 10 kbp pair's at 80% 4.4 -> 3.7); one of many pieces a workgroup is bound by the sectors
  // its loads ask for, fewer by bytes there (10^4 alignments of 10 kbp at 90%: 0.190 s by
  // bytes, 0.205 by words; session 66).
  bool words_for(std::size_t count) const {
    return words_ || (params_.at("extend") == 1 && static_cast<std::int64_t>(count) < units_);
  }
  // `halo`: the kernel's HALO, 1 but where several workgroups a piece keep local columns;
  // `per_unit`: workgroups a compute unit; `count`: the launch's pieces (words_for).
  std::string program_options(std::int64_t groups, std::int64_t wg, std::int64_t local, std::int64_t halo,
                              std::int64_t per_unit, std::size_t count) const;
  // In as few launches as memory allows; `local`: the columns' positions in local memory,
  // every piece's within them, one narrow workgroup each (0: global columns). Into `out`.
  void run_launches(const std::vector<Piece>& pieces, std::int64_t local, std::vector<Breakpoint>& out);
  Breakpoint run_launch_of(const Piece& piece) {
    std::vector<Breakpoint> out;
    run_launches({piece}, 0, out);
    return out.front();
  }
  void launch(const Piece* pieces, std::size_t count, std::int64_t groups, std::int64_t wg, std::int64_t local,
              std::int64_t per_unit, std::vector<Breakpoint>& out);
  // The launch's results, in the device's kept table (read before the next launch); `chunks`:
  // those a workgroup may keep in local memory (0: none, the columns global or a piece's own).
  const std::vector<PersistentResult>& run_kernel(const std::string& options, LaunchTable& table,
                                                  std::int64_t groups, std::int64_t halo, std::int64_t wg,
                                                  std::int64_t chunks, double expected_steps);

  OpenDevice& device_;
  Params params_;
  const DeviceStrings& strings_;
  bool words_;  // runs compared a word at a time in every launch (extend_by_words, decided on the whole strings)
  // The kernel's PREFETCH_AHEAD where its warps extend runs.
  std::uint64_t prefetch_ = prefetch_ahead(device_, strings_, params_);
  double estimate_;  // of the whole pair's distance: how many steps a top piece is expected to take
  bool batch_ = false;
  std::uint64_t pieces_finished_ = 0;  // by the launches before the running one
  LaunchBuffers& buffers_;  // the device's, kept from call to call
  // Workgroups a piece may have at one a compute unit, and the most a unit may have
  // (groups_per_unit).
  std::int64_t units_ = groups_allowed(device_.info(), params_);
  std::int64_t most_per_unit_ = groups_per_unit(device_.info(), params_, buffers_.one_per_unit);
  std::uint64_t most_asked_[6] = {};  // of a column, the table, flags, edges, state, results
  Costs costs_;
  std::uint64_t peak_bytes_ = 0;
};

std::int64_t PieceMeetings::per_unit(std::int64_t widest, std::size_t count) const {
  const std::int64_t block = global_workgroup(device_.info(), params_, 1);
  return (widest + block - 1) / block > groups_per_piece(units_, count, units_) ? most_per_unit_ : 1;
}

std::string PieceMeetings::program_options(std::int64_t groups, std::int64_t wg, std::int64_t local,
                                           std::int64_t halo, std::int64_t per_unit, std::size_t count) const {
  const bool nvidia = nvidia_platform(device_.info());
  // NVIDIA's warps extend their own runs (votes in inline PTX), where workgroups are whole warps.
  const bool shuffle = nvidia && wg % 32 == 0;
  // Workgroups that wait on each other, several a compute unit: they gather first, and on
  // NVIDIA each keeps to its share of a unit's registers.
  const bool gather = gathers(groups, per_unit);
  const std::string registers =
      gather && nvidia ? " -cl-nv-maxrregcount=" + std::to_string(std::min<std::int64_t>(
                                                       255, kNvidiaUnitRegisters / (per_unit * wg) / 8 * 8))
                       : "";
  return "-DWG=" + std::to_string(wg) + " -DGROUPS=" + std::to_string(groups) + " -DTEAM=" +
         std::to_string(params_.at("team")) + " -DLOCAL_COLUMNS=" + std::to_string(local) +
         " -DHALO=" + std::to_string(halo) + " -DSHUFFLE=" + (shuffle ? "1" : "0") +
         " -DPREFETCH_AHEAD=" + std::to_string(shuffle ? prefetch_ : 0) + " -DGATHER=" + (gather ? "1" : "0") +
         " -DEXTEND_WORDS=" + (words_for(count) ? "1" : "0") + " -DPTX_FENCES=" + (nvidia ? "1" : "0") + registers;
}

void PieceMeetings::one_per_unit() {
  log().info("persistent: {} did not start all {} workgroups of a launch at once ({} a compute unit): one a unit "
             "from now on",
             device_.info().name, allowed(most_per_unit_), most_per_unit_);
  buffers_.one_per_unit = true;
  most_per_unit_ = 1;
}

void PieceMeetings::prepare_levels() {
  // Level l splits 2^l pieces of about d / 2^l each, down to those a traceback takes (at
  // least a few dozen); each piece count has its workgroups per piece (run's choice), and
  // beyond twice the workgroups, one narrow workgroup each, its columns local (the deeper
  // levels' pieces fit them; the few that do not build the global program when they
  // come). Several workgroups a piece share its columns in local memory where a piece's
  // width (about its distance) over its share of the workgroups fits their room, by launch's
  // own rule (layout_for). Else a piece of fewer blocks of positions than its share runs that
  // many workgroups, a count the estimate cannot foretell: such levels are left to build when
  // they come (a build not used costs as much as one used where the driver compiles one
  // program at a time, as NVIDIA's does).
  const std::int64_t wg = params_.at("wg");
  std::vector<std::string> options;
  for (double d = estimate_, count = 1; d > 32; d /= 2, count *= 2) {
    if (count >= 2.0 * static_cast<double>(units_)) {
      options.push_back(program_options(1, std::min<std::int64_t>(wg, kNarrowWorkgroup), params_.at("local"), 1, 1,
                                        static_cast<std::size_t>(count)));
      break;
    }
    const auto expected = static_cast<std::int64_t>(d);
    const Piece like{0, expected, 0, expected, expected};  // positions about d wide
    if (count > 1 && fits_local(like, params_.at("local"))) {  // run's rule
      const std::string local = program_options(1, wg, params_.at("local"), 1, 1, static_cast<std::size_t>(count));
      if (std::find(options.begin(), options.end(), local) == options.end()) options.push_back(local);
      continue;
    }
    const std::int64_t per_unit = this->per_unit(positions_of(like).width, static_cast<std::size_t>(count));
    const std::int64_t allowed = this->allowed(per_unit);
    const std::int64_t global_wg = global_workgroup(device_.info(), params_, per_unit);
    const std::int64_t groups = groups_per_piece(allowed, static_cast<std::size_t>(count), allowed);
    const SpreadLayout spread =
        layout_for(spread_layouts(device_.info(), params_, per_unit), &like, 1, groups, params_.at("halo"));
    if (spread.room > 0)
      options.push_back(
          program_options(groups, spread.wg, spread.columns(), params_.at("halo"), per_unit, static_cast<std::size_t>(count)));
    else if (count == 1 || d / static_cast<double>(global_wg) >= static_cast<double>(groups))
      options.push_back(program_options(groups, global_wg, 0, 1, per_unit, static_cast<std::size_t>(count)));
  }
  device_.prepare("wfa_persistent.cl", options);
}

void PieceMeetings::run(const std::vector<Piece>& pieces, std::vector<Breakpoint>& out) {
  // The passes over the pieces on the host's threads, as launch's.
  const unsigned threads = thread_count(0);
  const auto each = [&](std::size_t count, const auto& body) { parallel_items(count, threads, body); };
  each(pieces.size(), [&](std::size_t q) {
    const Piece& piece = pieces[q];
    if (piece.m > PERSISTENT_MAX_LENGTH || piece.n > PERSISTENT_MAX_LENGTH ||
        positions_of(piece).width > PERSISTENT_MAX_LENGTH)
      throw Error(ErrorCode::input_too_long, "persistent takes strings of up to " +
                                                 std::to_string(PERSISTENT_MAX_LENGTH) +
                                                 " bytes, and as many diagonals (32-bit rows and positions)");
  });
  if (pieces.size() == 1 && !batch_) {
    out.assign(1, run_alone(pieces.front()));
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  const std::int64_t local = params_.at("local");
  // Pieces fewer than twice the workgroups take shares of the compute units, unless every one
  // fits local columns whole (an alignment's lower levels: their distances known), where a
  // workgroup each keeps its columns there and waits on no neighbour (H200: the HIV-1 pair's
  // levels of 8 and 16 pieces, one workgroup each with global columns, took 2.2-2.6 us a step).
  const bool few = pieces.size() < 2 * static_cast<std::size_t>(units_);
  if (local == 0 ||
      (few && !std::all_of(pieces.begin(), pieces.end(), [local](const Piece& p) { return fits_local(p, local); }))) {
    run_launches(pieces, 0, out);
    return;
  }
  out.resize(pieces.size());
  std::vector<std::int64_t>& caps = buffers_.caps;
  std::vector<Piece>& capped = buffers_.capped;
  std::vector<Piece>& again = buffers_.again;
  std::vector<std::size_t>& capped_of = buffers_.capped_of;
  std::vector<std::size_t>& again_of = buffers_.again_of;
  std::vector<char>& ended = buffers_.ended;
  capped_of.clear(), again_of.clear();
  caps.resize(pieces.size());
  each(pieces.size(), [&](std::size_t q) { caps[q] = local_bound(pieces[q], local); });
  for (std::size_t q = 0; q < pieces.size(); ++q) (caps[q] < 0 ? again_of : capped_of).push_back(q);
  capped.resize(capped_of.size());
  each(capped.size(), [&](std::size_t k) {
    capped[k] = pieces[capped_of[k]];
    capped[k].bound = caps[capped_of[k]];
  });
  std::vector<Breakpoint>& first = buffers_.first;
  run_launches(capped, local, first);
  // Those that met within their cap, or whose cap was their bound, are done; the others run again.
  ended.resize(capped.size());
  each(capped.size(), [&](std::size_t k) {
    const std::size_t q = capped_of[k];
    ended[k] = first[k].distance <= capped[k].bound || capped[k].bound == pieces[q].bound;
    if (ended[k]) out[q] = first[k];
  });
  for (std::size_t k = 0; k < capped.size(); ++k)
    if (!ended[k]) again_of.push_back(capped_of[k]);
  again.resize(again_of.size());
  each(again.size(), [&](std::size_t k) { again[k] = pieces[again_of[k]]; });
  pieces_finished_ -= again.size() - (pieces.size() - capped.size());  // they finish in the second pass
  std::vector<Breakpoint>& second = buffers_.second;
  run_launches(again, 0, second);
  each(again.size(), [&](std::size_t k) { out[again_of[k]] = second[k]; });
  log().debug("persistent: {} of {} piece(s) ended within local columns of {} ({} tried there); {:.1f} ms in all",
              pieces.size() - again.size(), pieces.size(), local, capped.size(), 1e3 * seconds_since(start));
}

// Where the piece's columns may be shared out in local memory, under a bound from its
// estimate (twice it, and 1,024 to spare: a wider bound only widens each workgroup's
// share), doubled while its distance lies above it: each run costs about its bound's
// steps, all of them at most twice the last's. Then, or where its share would not fit, in
// global memory under its own bound.
Breakpoint PieceMeetings::run_alone(const Piece& piece) {
  // Whether a piece's columns may be shared out in local memory, at the workgroups a unit
  // its width asks for (read afresh: a launch may have gone to one a unit).
  const auto spreads = [&](const Piece& p) {
    const std::int64_t per_unit = this->per_unit(positions_of(p).width, 1);
    return allowed(per_unit) > 1 &&
           layout_for(spread_layouts(device_.info(), params_, per_unit), &p, 1, allowed(per_unit), params_.at("halo"))
                   .room > 0;
  };
  const double estimate = piece.estimate >= 0 ? piece.estimate : estimate_;
  Piece capped = piece;
  if (!piece.exact && units_ > 1 && spread_layouts(device_.info(), params_, most_per_unit_).back().room > 0) {
    capped.bound = std::min(piece.bound, static_cast<std::int64_t>(2 * estimate) + 1024);
    log().debug("persistent: estimate {:.0f}, first bound {}", estimate, capped.bound);
  }
  while (capped.bound < piece.bound && spreads(capped)) {
    const Breakpoint found = run_launch_of(capped);
    if (found.distance <= capped.bound) return found;
    log().debug("persistent: no meeting within the bound {}; again under {}", capped.bound,
                std::min(piece.bound, 2 * capped.bound));
    capped.bound = std::min(piece.bound, 2 * capped.bound);
  }
  return run_launch_of(piece);
}

void PieceMeetings::run_launches(const std::vector<Piece>& pieces, std::int64_t local, std::vector<Breakpoint>& out) {
  const DeviceInfo& info = device_.info();
  const std::int64_t wg = params_.at("wg");
  // Launches as large as memory allows: the columns within one buffer, everything within
  // what the strings leave of the device (a tenth kept for the driver).
  const std::uint64_t room =
      info.global_memory / 10 * 9 > strings_.bytes ? info.global_memory / 10 * 9 - strings_.bytes : 0;
  out.clear();
  for (std::size_t first = 0; first < pieces.size();) {
    // Planned for the most workgroups a piece may have (the most memory), then run at as
    // many a unit as the pieces' width asks for.
    const std::int64_t most = allowed(most_per_unit_), most_wg = global_workgroup(info, params_, most_per_unit_);
    std::size_t count = 0;
    std::uint64_t width = 0;  // of the global columns
    std::int64_t widest = 0;
    while (first + count < pieces.size()) {
      const std::int64_t w = local > 0 ? 0 : positions_of(pieces[first + count]).width;
      const std::int64_t g =
          local > 0 ? 1 : groups_per_piece(most, count + 1, (std::max(widest, w) + most_wg - 1) / most_wg);
      const std::uint64_t bytes = launch_bytes(width + w, count + 1, g, params_.at("halo"));
      if (bytes > room || (width + w) * sizeof(cl_int) > info.max_allocation) {
        if (count > 0) break;
        throw Error(ErrorCode::out_of_memory,
                    "device out of memory: a piece of " + std::to_string(pieces[first].m) + " x " +
                        std::to_string(pieces[first].n) + " needs " + gib(bytes + strings_.bytes) + ", device " +
                        info.name + " has " + gib(info.global_memory) + " (" + gib(info.max_allocation) +
                        " per buffer)");
      }
      width += w;
      widest = std::max(widest, w);
      ++count;
    }
    const std::int64_t per_unit = local > 0 ? 1 : this->per_unit(widest, count);
    const std::int64_t global_wg = global_workgroup(info, params_, per_unit);
    const std::int64_t groups =
        local > 0 ? 1 : groups_per_piece(allowed(per_unit), count, (widest + global_wg - 1) / global_wg);
    // Pieces that outnumber the workgroups twice over get one narrow workgroup each: their
    // fronts are short, and a wide one would idle most of its work-items through every
    // step's barriers, with fewer resident workgroups per compute unit. Fewer pieces get wg
    // where their columns are local (a compute unit each), else global-wg, or wg where
    // launch shares their columns out in local memory.
    const std::int64_t narrow = static_cast<std::int64_t>(count) >= 2 * units_ ? std::min<std::int64_t>(wg, kNarrowWorkgroup)
                                : local > 0                                   ? wg
                                                                              : global_wg;
    try {
      launch(&pieces[first], count, groups, narrow, local, per_unit, out);
    } catch (const NotAllStarted&) {
      one_per_unit();
      continue;  // the same pieces, planned again
    }
    first += count;
  }
}

void PieceMeetings::launch(const Piece* pieces, std::size_t count, std::int64_t groups, std::int64_t wg,
                           std::int64_t local, std::int64_t per_unit, std::vector<Breakpoint>& out) {
  // Several workgroups of a piece keep their chunks of its columns in local memory where
  // every piece's chunks fit a layout's room (then of its work-items); one workgroup a
  // piece, where `local` says.
  const std::vector<SpreadLayout> layouts = spread_layouts(device_.info(), params_, per_unit);
  // Pieces whose columns may be shared out run on their whole share of the workgroups
  // allowed (every one for a piece alone), not only on the blocks of their widest one's
  // positions: one program for each count of chunks, whatever their width (a piece alone:
  // its first bound's), and their columns local where those blocks alone would leave them
  // global (E. coli's second level, two pieces of 37,122 positions between them on 40
  // workgroups each: 24 ms with global columns).
  const std::int64_t allowed = this->allowed(per_unit), halo = params_.at("halo");
  const std::int64_t share = groups_per_piece(allowed, count, allowed);
  if (groups > 1 && share > groups && layout_for(layouts, pieces, count, share, halo).room > 0) groups = share;
  const SpreadLayout spread = layout_for(layouts, pieces, count, groups, halo);
  std::vector<SpreadShare> shares;
  if (spread.room > 0) {
    for (std::size_t q = 0; q < count; ++q) shares.push_back(spread_share(pieces[q], groups, spread.wg, spread.room, halo));
    wg = spread.wg;
  } else if (groups == 1 && local > 0) {
    shares.assign(count, {local, 0});
  }
  const std::int64_t columns = shares.empty() ? 0 : spread.room > 0 ? spread.columns() : local;
  const std::int64_t launch_halo = spread.room > 0 ? halo : 1;
  const std::string options = program_options(groups, wg, columns, launch_halo, per_unit, count);
  LaunchTable& table = buffers_.host_table;
  launch_table(table, pieces, count, groups, wg, params_.at("solo"), shares, gathers(groups, per_unit));
  if (columns > 0) table.width = 0;  // the columns live in the workgroups' local memory
  // A step takes both fronts a score further: the launch ends about when its farthest piece
  // reaches half its distance (known below an alignment's top, else the estimate).
  double distance = 0;
  for (std::size_t q = 0; q < count; ++q)
    distance = std::max(distance, std::min(static_cast<double>(pieces[q].bound), estimate_));
  const std::vector<PersistentResult>& results =
      run_kernel(options, table, groups, launch_halo, wg, spread.chunks, distance / 2 + 1);
  const std::size_t before = out.size();
  out.resize(before + count);
  const unsigned threads = thread_count(0);
  const std::size_t slices = slice_count(count, threads, kTableSlice);
  std::vector<std::uint64_t> cells(slices, 0);
  parallel_slices(count, slices, threads, [&](std::size_t slice, std::size_t begin, std::size_t end) {
    for (std::size_t q = begin; q < end; ++q) {
      cells[slice] += (static_cast<std::uint64_t>(results[q].cells_high) << 32) | results[q].cells_low;
      out[before + q] = breakpoint_of(results[q], pieces[q].bound);
    }
  });
  for (const std::uint64_t c : cells) costs_.cells += c;
}

const std::vector<PersistentResult>& PieceMeetings::run_kernel(const std::string& options, LaunchTable& table,
                                                               std::int64_t groups, std::int64_t halo, std::int64_t wg,
                                                               std::int64_t chunks, double expected_steps) {
  const bool spread = chunks > 0;
  const std::size_t count = table.pieces.size();
  // Pieces of several workgroups: their flags from the host, their states set up and
  // their results written by launches of their own.
  const bool several = groups > 1;
  const std::int64_t lead = PERSISTENT_LEAD(groups, halo);
  std::vector<PersistentResult>& results = buffers_.host_results;
  results.resize(count);
  cl::Kernel& kernel = device_.kernel("wfa_persistent.cl", "wfa_persistent", options);
  device_.check_launch(kernel, static_cast<std::size_t>(wg));
  const auto setting_up = std::chrono::steady_clock::now();
  double set_up = 0, waited = 0;
  try {
    PersistentArgs args;
    args.a = strings_.a;
    args.b = strings_.b;
    // Unwritten cells are never read: a cell is read only where it was live the step before.
    cl::Buffer* column_args[4] = {&args.forward0, &args.forward1, &args.backward0, &args.backward1};
    const std::uint64_t column_bytes = std::max<std::uint64_t>(table.width, 1) * sizeof(cl_int);
    for (int c = 0; c < 4; ++c) *column_args[c] = buffers_.columns[c].at_least(device_, column_bytes);
    args.pieces = buffers_.table.at_least(device_, count * sizeof(PersistentPiece));
    // Every workgroup publishes its steps, also the one of a piece that waits on no other;
    // after them, where the launch gathers, its gathering words (launch_table's).
    const std::size_t flag_count = count * static_cast<std::size_t>(groups);
    const bool gather = several && table.flags.size() > flag_count;
    const std::size_t flag_words = flag_count + (gather ? GATHER_WORDS : 0);
    std::optional<DeviceCounters>& flags = buffers_.flags;
    if (!flags || flags->count() < flag_words) flags = device_.counters(flag_words);
    args.flags = flags->buffer();
    // The edges' words carry their step + 1: zero is none, as a launch starts.
    const std::size_t edge_bytes =
        spread ? count * PIECE_EDGE_WORDS(groups, chunks, halo) * sizeof(cl_ulong) : sizeof(cl_ulong);
    args.edges = buffers_.edges.at_least(device_, edge_bytes);
    const std::size_t state_bytes = count * PERSISTENT_STATE_INTS(lead) * sizeof(cl_int);
    args.state = buffers_.state.at_least(device_, state_bytes);
    args.results = buffers_.results.at_least(device_, count * sizeof(PersistentResult));
    cl::CommandQueue& queue = device_.queue();
    // A launch of the program's kernel `name`, a work-item each of `items`, on the states,
    // the piece count and (`with_results`) the results.
    const auto launch_items = [&](const char* name, std::size_t items, bool with_results) {
      constexpr std::size_t kLocal = 64;
      cl::Kernel& k = device_.kernel("wfa_persistent.cl", name, options);
      k.setArg(0, args.state);
      k.setArg(1, static_cast<cl_uint>(count));
      if (with_results) k.setArg(2, args.results);
      device_.launch_items(k, items, kLocal);
    };
    // The tables are the device's (buffers_), kept whatever ends the call; the last write
    // blocks, and so waits for those queued before it, so that none is left pending should
    // the call fail before its wait: one round trip, not two (most of a 1 Mbp pair's
    // 0.05 ms of set-up on the H200, session 60).
    queue.enqueueWriteBuffer(args.pieces, several ? CL_FALSE : CL_TRUE, 0, count * sizeof(PersistentPiece),
                             table.pieces.data());
    if (several) {
      queue.enqueueWriteBuffer(args.flags, CL_TRUE, 0, table.flags.size() * sizeof(cl_int), table.flags.data());
      launch_items("wfa_persistent_states", count * PERSISTENT_STATE_INTS(lead), false);
    } else {
      // No step yet: a launch before, of this call or another, left its pieces' flags stopped
      // (INT_MAX), which the progress would read until each piece's first publication.
      queue.enqueueFillBuffer(args.flags, cl_int{-1}, 0, flag_count * sizeof(cl_int));
    }
    if (spread) queue.enqueueFillBuffer(args.edges, cl_ulong{0}, 0, edge_bytes);
    set_args(kernel, args);
    // The memory this call's launches asked of each buffer, as a call's own buffers would
    // hold it (the device's may be larger, from calls before).
    const std::uint64_t asked[] = {column_bytes, count * sizeof(PersistentPiece), flag_words * sizeof(cl_int), edge_bytes,
                                   state_bytes, count * sizeof(PersistentResult)};
    for (std::size_t k = 0; k < std::size(asked); ++k) most_asked_[k] = std::max(most_asked_[k], asked[k]);
    peak_bytes_ = 3 * most_asked_[0];  // four columns
    for (const std::uint64_t bytes : most_asked_) peak_bytes_ += bytes;

    const OpenDevice::Watch watch(device_, *flags, [this, groups, count, expected_steps](
                                                        const std::vector<cl_int>& flags, ProgressMeter& meter) {
      // Each piece's first workgroup publishes the steps it finished (INT_MAX once stopped).
      double farthest = 0;
      std::uint64_t stopped = 0;
      for (std::size_t q = 0; q < count; ++q) {
        const cl_int r = flags[q * static_cast<std::size_t>(groups)];
        farthest = std::max(farthest, r == INT_MAX ? expected_steps : static_cast<double>(r));
        stopped += r == INT_MAX;
      }
      if (batch_)
        meter.pairs_in_launch(pieces_finished_ + stopped);
      else
        meter.part_of_estimate(farthest, expected_steps);
    });
    BusySpan busy;
    set_up = seconds_since(setting_up);
    device_.launch(kernel, count * static_cast<std::size_t>(groups * wg), static_cast<std::size_t>(wg),
                   busy.event(true));
    if (several) launch_items("wfa_persistent_results", count, true);
    device_.wait();  // one launch computes a whole pair: a cancel may come meanwhile
    waited = seconds_since(setting_up) - set_up;
    cl_int gathered[GATHER_WORDS] = {};
    if (gather) queue.enqueueReadBuffer(args.flags, CL_FALSE, flag_count * sizeof(cl_int), sizeof gathered, gathered);
    queue.enqueueReadBuffer(args.results, CL_TRUE, 0, count * sizeof(PersistentResult), results.data());
    costs_.kernel_seconds += busy.seconds();
    ++costs_.launches;
    if (gathered[GATHER_DECISION] == GATHER_GAVE_UP) throw NotAllStarted{};
    pieces_finished_ += count;
    log().debug("persistent: {} piece(s), {} global positions, {} workgroup(s) of {} each{}, words={}, prefetch={}; kernel {:.2f} ms "
                "(set up {:.2f}, launch and wait {:.2f}, read {:.2f} ms)",
                count, table.width, groups, wg,
                spread ? " (local columns: the first piece's chunks of " +
                             std::to_string(table.pieces.front().group_width) + " positions, up to " +
                             std::to_string(chunks) + " a workgroup, exchanging edges every " +
                             std::to_string(table.pieces.front().halo) + " steps)"
                       : "",
                words_for(count), prefetch_, 1e3 * busy.seconds(), 1e3 * set_up, 1e3 * waited, 1e3 * (seconds_since(setting_up) - set_up - waited));
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running wfa_persistent on " + device_.info().name);
  }
  return results;
}

// One pair with the persistent variant's parameters (every one present).
Result pair_distance(OpenDevice& device, const Call& call) {
  const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
  const auto start = std::chrono::steady_clock::now();
  const DeviceStrings strings(device, call.pair.a(), call.pair.b());
  const double copied = seconds_since(start);
  PieceMeetings meetings(device, strings, call.params, call.pair);
  const double sampled = seconds_since(start);
  Result result;
  result.distance =
      meetings.run_one(Piece{0, m, 0, n, std::clamp<std::int64_t>(call.max_distance, 0, std::max(m, n))}).distance;
  result.costs = meetings.costs();
  log().debug("persistent: strings on the device in {:.2f} ms, sampled in {:.2f} ms (both near 0 where the call did them ahead), run in {:.2f} ms (kernels {:.2f} ms)",
              1e3 * copied, 1e3 * (sampled - copied), 1e3 * (seconds_since(start) - sampled),
              1e3 * result.costs.kernel_seconds);
  return result;
}

// A batch's pairs as pieces of one pair of strings: every string the pairs use, once, in
// one device buffer that is both sides; the pairs share launches (PieceMeetings::run: a
// workgroup each when they outnumber the compute units), those above the caller's k
// reported as k + 1. Word extension as extend says, on the longest pair's sample.
void batch_distances(OpenDevice& device, const BatchCall& call, BatchResult& out) {
  const auto length = [&](std::uint32_t s) { return static_cast<std::int64_t>(call.strings[s].size()); };
  out.distances.assign(call.count, 0);
  std::vector<std::size_t> piece_of;  // the pair of each piece: an empty string needs none
  std::size_t longest = 0;
  for (std::size_t i = 0; i < call.count; ++i) {
    const std::int64_t m = length(call.pairs[i].a), n = length(call.pairs[i].b), most = std::max(m, n);
    if (m == 0 || n == 0) {
      out.distances[i] = call.max_distance >= 0 ? std::min(most, call.max_distance + 1) : most;
      continue;
    }
    if (piece_of.empty() || m + n > length(call.pairs[longest].a) + length(call.pairs[longest].b)) longest = i;
    piece_of.push_back(i);
  }
  if (!piece_of.empty()) {
    const JoinedStrings joined = join_strings(device, call, piece_of, "persistent-batch");
    std::vector<Piece> pieces;
    for (const std::size_t i : piece_of) {
      const std::int64_t m = length(call.pairs[i].a), n = length(call.pairs[i].b), most = std::max(m, n);
      pieces.push_back({static_cast<std::int64_t>(joined.offset_of(call.pairs[i].a)), m,
                        static_cast<std::int64_t>(joined.offset_of(call.pairs[i].b)), n,
                        call.max_distance >= 0 ? std::min(call.max_distance, most) : most});
    }
    const DeviceStrings strings(joined.buffer, joined.bytes, joined.host);
    const DivergenceSample sample(call.strings[call.pairs[longest].a], call.strings[call.pairs[longest].b]);
    PieceMeetings meetings(device, strings, call.params, extend_by_words(sample, call.params.at("extend")));
    std::vector<Breakpoint> found;
    meetings.run(pieces, found);
    for (std::size_t q = 0; q < pieces.size(); ++q) out.distances[piece_of[q]] = found[q].distance;
    out.costs = meetings.costs();
  }
  device.progress().add_pairs(call.count);
}

std::vector<Variant> persistent_variants() {
  Variant v;
  v.info.name = "persistent";
  v.info.planner = true;
  v.info.description =
      "one launch per pair: forward and backward wavefronts meet in the middle, workgroups step radius by radius "
      "through flags, long matching runs extended by teams (on NVIDIA by the work-item's warp)";
  v.info.uses_device = true;
  v.info.params = {
      workgroup_param(256),
      {"groups", 0, 0, 4096,
       "workgroups stepping together, all resident at once (0: one per compute unit on a GPU, one elsewhere)",
       Sweep::none},
      {"unit-groups", 2, 1, 8,
       "workgroups a compute unit where groups is 0, on a device that runs workgroups waiting on each other, for "
       "fronts wider than a wide block a unit (narrower ones run one a unit): above 1, each keeps to its share of "
       "the unit's registers (on NVIDIA) and the wide fronts' workgroups to 512 work-items a unit, and a launch's "
       "workgroups gather before any waits on another; where not all "
       "started (more than the device holds at once), they end and the launch runs again at one a unit, as the "
       "device's later launches do (measured on the H200, 2 against 1: 10 Mbp at 99% 0.156 -> 0.149 s, 100 Mbp "
       "at 99.9% 0.207 -> 0.186 s)",
       Sweep::none},
      {"team", 128, 1, 1024,
       "work-items that extend one long matching run together (on NVIDIA, where workgroups are whole warps, each "
       "warp extends its own runs instead)",
       Sweep::none},
      {"solo", 2, 0, 1024, "blocks of wg positions that workgroup 0 runs alone before the others join", Sweep::none},
      {"local", 512, 0, 2048,
       "positions of each column that pieces of one workgroup keep in local memory, their bounds capped to fit "
       "(0: global memory); those that end above the cap run again in global memory",
       Sweep::none},
      {"spread", 4, 0, 16,
       "chunks at most, each a block of wg (or global-wg) positions, that each of a piece's several workgroups keeps of "
       "its columns in local memory (dealt out in turn, as many as the device's local memory holds), exchanging only "
       "their edges' rows with the neighbouring chunks' (0, or a piece wider than the chunks hold: its columns in global "
       "memory, every workgroup stepping a share of its live blocks)",
       Sweep::none},
      {"halo", 32, 1, 256,
       "steps between the exchanges of workgroups that share a piece's columns out in local memory: each computes "
       "as many of each neighbour's positions beside its own, so that it waits on them once in that many steps",
       Sweep::none},
      {"global-wg", 0, 0, 1 << 16,
       "work-items per workgroup where a piece's few workgroups keep its columns in global memory (wide fronts), "
       "and where they share them out in local memory in blocks wider than wg (0: 512, or the device's largest "
       "workgroup where smaller; measured on the H100, 512 against 256: 10 Mbp at 99% 0.392 -> 0.323 s, 100 Mbp "
       "at 99.9% 0.526 -> 0.422 s; narrow fronts keep wg's 256)",
       Sweep::none},
      {"prefetch", 64, 0, 1 << 20,
       "MiB of strings above which NVIDIA's warps ask L2 for 4 KB past each run's end, so that the next step's "
       "rounds find it there, not in DRAM (about the GPU's L2, which NVIDIA's OpenCL does not report: 50 MB on the "
       "H100 and H200; measured on the H200, 100 Mbp at 99.9% 0.219 -> 0.205 s, where the strings fit 1-5% slower; "
       "0: never)",
       Sweep::none},
      extend_param(),
  };
  v.needs = [](const Params& p) {
    // global-wg 0 fits whatever the device's largest workgroup (global_workgroup). Local
    // columns go with wg work-items where the pieces are few, fewer where they are many.
    const std::int64_t wide = std::max(p.at("wg"), p.at("global-wg"));
    return DeviceNeeds{static_cast<std::uint64_t>(wide),
                       std::max({local_bytes(wide, p.at("team"), 0), local_bytes(p.at("wg"), p.at("team"), p.at("local"))}),
                       static_cast<std::uint64_t>(p.at("groups"))};
  };
  v.memory = [](const Params&, const PairShape& pair) {
    return pair_memory(static_cast<std::uint64_t>(pair.m), static_cast<std::uint64_t>(pair.n));
  };
  v.distance = {[](OpenDevice* device, const Call& call) { return pair_distance(*device, call); }, wavefront_cost()};
  // No cost model: a batch's time depends on distances it does not know (auto sends it
  // long pairs first, with a bound: distances.cpp).
  v.batch = {[](OpenDevice* device, const BatchCall& call, BatchResult& out) { batch_distances(*device, call, out); },
             nullptr};
  // A piece's breakpoint costs what its distance does: the same launch finds both.
  v.breakpoint = {[](OpenDevice& device, const DeviceStrings& strings, const Params& params) {
                    auto finder = std::make_unique<PieceMeetings>(device, strings, params,
                                                                  DivergenceSample(strings.host_a, strings.host_b));
                    finder->prepare_levels();
                    return std::unique_ptr<BreakpointFinder>(std::move(finder));
                  },
                  wavefront_cost()};
  return {v};
}

const FamilyRegistration registration{35, "wfa_persistent", persistent_variants};

}  // namespace
}  // namespace levcl::detail
