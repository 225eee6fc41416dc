#include "engines/bitpar/bitpar_sweeps.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>

#include "cl/bitpar.h"
#include "runtime/devices.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

// The kernels' arguments, in their order (bitpar and bitpar_vector take the same).
struct SweepArgs {
  cl::Buffer codes, sweeps, claims;
  cl_int claim_count;
  cl::Buffer bus, progress, top_left, next_stripe, result;
  auto fields() const { return std::tie(codes, sweeps, claims, claim_count, bus, progress, top_left, next_stripe, result); }
};
struct CodesArgs {
  cl::Buffer src;
  cl_int count;
  cl::Buffer table, dst;
  cl_long dst_at;
  cl_int reversed;
  auto fields() const { return std::tie(src, count, table, dst, dst_at, reversed); }
};

// A stripe's bottom row on the bus, and the bus word the slots are counted in (cl/bitpar.h).
std::uint64_t bus_slot_bytes(Geometry geometry, std::uint64_t n) {
  return geometry == Geometry::lanes ? BITPAR_SLOT_WORDS(n) * 2 * sizeof(cl_uint) : n;
}
std::uint64_t bus_word_bytes(Geometry geometry) { return geometry == Geometry::lanes ? 8 : 1; }

// A sweep's bottom row as its last stripe left it: the horizontal deltas of columns first ..
// last in its bus slot, and its value at the last column; defined from first - 1 (its left
// boundary) to last. Without a slot, row 0 (value j at column j): what a backward sweep of
// no rows leaves.
struct BottomRow {
  Geometry geometry;
  const unsigned char* slot;
  std::int64_t first, last, value;

  // Column c's delta (first <= c <= last): bit (c - 1) % 32 of its word pair, +1 in the
  // first word and -1 in the second (lanes); its byte, the same two bits (vector).
  int delta(std::int64_t c) const {
    if (!slot) return 1;
    if (geometry == Geometry::vector) return (slot[c - 1] & 1) - (slot[c - 1] >> 1);
    const std::int64_t w = (c - 1) / 32, bit = (c - 1) % 32;
    return static_cast<int>((word(2 * w) >> bit) & 1u) - static_cast<int>((word(2 * w + 1) >> bit) & 1u);
  }
  // Its value at column j (first - 1 <= j <= last): the last one's, less the rise after j.
  std::int64_t at(std::int64_t j) const { return value - rise(j, last); }
  // How much its value rises from column j to column k (first - 1 <= j <= k <= last): the
  // deltas of columns j + 1 .. k, 32 columns a popcount.
  std::int64_t rise(std::int64_t j, std::int64_t k) const {
    if (!slot) return k - j;
    std::int64_t sum = 0, c = j + 1;
    if (geometry == Geometry::lanes) {
      for (; c <= k && (c - 1) % 32 != 0; ++c) sum += delta(c);
      for (; c + 31 <= k; c += 32) {
        const std::int64_t w = (c - 1) / 32;
        sum += __builtin_popcount(word(2 * w)) - __builtin_popcount(word(2 * w + 1));
      }
    }
    for (; c <= k; ++c) sum += delta(c);
    return sum;
  }

 private:
  cl_uint word(std::int64_t at) const {  // the host's cl_uint is the device's uint
    cl_uint w;
    std::memcpy(&w, slot + 4 * at, sizeof w);
    return w;
  }
};

// Where two sweeps' bottom rows meet: the least sum over the middle row's columns j of the
// top sweep's value at j and the bottom sweep's at n - j (Hirschberg), where both computed
// it; the first such j. Each is at least the true value and exact on the band's paths, so
// the sum is an upper bound of the distance, exact when a path of the band's bound crosses
// there.
struct Meeting {
  std::int64_t sum = std::numeric_limits<std::int64_t>::max();
  std::int64_t j = 0, top = 0, bottom = 0;
};
struct MeetingRange {
  std::int64_t lo, hi;  // the columns j where both rows are defined
};
MeetingRange meeting_range(const BottomRow& top, const BottomRow& bottom, std::int64_t n) {
  return {std::max(top.first - 1, n - bottom.last), std::min(top.last, n - (bottom.first - 1))};
}
// The meeting over columns lo .. hi of the range, from the top row's value t at lo and the
// bottom row's b at n - lo: one pass, each row's value carried from column to column by its
// deltas.
Meeting meet(const BottomRow& top, const BottomRow& bottom, std::int64_t n, std::int64_t lo, std::int64_t hi,
             std::int64_t t, std::int64_t b) {
  Meeting best;
  if (lo > hi) return best;
  for (std::int64_t j = lo;; ++j) {
    if (t + b < best.sum) best = {t + b, j, t, b};
    if (j == hi) break;
    t += top.delta(j + 1);
    b -= bottom.delta(n - j);
  }
  return best;
}

// Columns of a meeting one host thread takes; levels of fewer columns stay on one thread.
constexpr std::int64_t kMeetingSlice = std::int64_t{1} << 13;

// Each piece's meeting, tops[q] against bottoms[q] over its `columns[q]`: the columns in
// slices, the slices of every piece on the host's threads.
std::vector<Meeting> meet_pieces(const std::vector<BottomRow>& tops, const std::vector<BottomRow>& bottoms,
                                 const std::vector<std::int64_t>& columns) {
  struct Slice {
    std::size_t piece;
    std::int64_t lo, hi, top, bottom;  // the rows' values where it starts
    Meeting found;
  };
  std::vector<Slice> slices;
  std::int64_t total_columns = 0;
  for (std::size_t q = 0; q < tops.size(); ++q) {
    const std::int64_t n = columns[q];
    const MeetingRange range = meeting_range(tops[q], bottoms[q], n);
    if (range.lo > range.hi) continue;  // no path within the bound
    // Each slice's values from the one before's, 32 columns a popcount: one pass over the
    // rows, not one a slice.
    std::int64_t top = tops[q].at(range.lo), bottom = bottoms[q].at(n - range.lo);
    for (std::int64_t lo = range.lo; lo <= range.hi; lo += kMeetingSlice) {
      const std::int64_t next = lo + kMeetingSlice;
      slices.push_back({q, lo, std::min(range.hi, next - 1), top, bottom, {}});
      if (next > range.hi) break;
      top += tops[q].rise(lo, next);
      bottom -= bottoms[q].rise(n - next, n - lo);
    }
    total_columns += range.hi - range.lo + 1;
  }
  parallel_each(slices.size(), total_columns > 2 * kMeetingSlice ? thread_count(0) : 1, [&](std::size_t s) {
    Slice& slice = slices[s];
    slice.found = meet(tops[slice.piece], bottoms[slice.piece], columns[slice.piece], slice.lo, slice.hi, slice.top,
                       slice.bottom);
  });
  std::vector<Meeting> meetings(tops.size());
  for (const Slice& slice : slices)  // in column order: the first least sum stays
    if (slice.found.sum < meetings[slice.piece].sum) meetings[slice.piece] = slice.found;
  return meetings;
}

// A piece's sides as its sweeps take them: rows the longer.
struct PieceSides {
  bool swapped;
  std::int64_t rows, columns;
  explicit PieceSides(const Piece& p) : swapped(p.m < p.n), rows(swapped ? p.n : p.m), columns(swapped ? p.m : p.n) {}
};

// The breakpoint where a piece's meeting lies, back in a's rows and b's columns.
Breakpoint breakpoint_of(const Piece& p, const SweepPlan& plan, const Meeting& at) {
  const PieceSides sides(p);
  Breakpoint b;
  b.distance = std::min(at.sum, std::max(p.m, p.n) + 1);
  b.i = sides.swapped ? at.j : plan.top;
  b.j = sides.swapped ? plan.top : at.j;
  b.forward_score = at.top;
  b.backward_score = at.bottom;
  return b;
}

// One sweep of a launch as the host plans it.
struct PlannedSweep {
  BitparSweep layout;
  std::uint64_t slot_bytes;
};

std::string gib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// The least local memory of an OpenCL device of the full profile (CL_DEVICE_LOCAL_MEM_SIZE).
constexpr std::uint64_t kLeastLocalBytes = 32 * 1024;

}  // namespace

// Rounded up to a power of two so that few programs serve every input.
std::int64_t sigma_for(int codes) {
  std::int64_t sigma = 4;
  while (sigma < codes) sigma *= 2;
  return sigma;
}

std::int64_t block_rows(const Params& params, std::int64_t longer, std::int64_t sigma) {
  const std::int64_t wide = params.at("wide"), lanes = params.at("wg"), stripes = (longer + 32 * lanes - 1) / (32 * lanes);
  const bool asked = wide == 1 || (wide == 2 && stripes > kWideStripes);
  return asked && bitpar_local_bytes(lanes, sigma, 64) <= kLeastLocalBytes ? 64 : 32;
}
std::int64_t stripe_height(Geometry geometry, std::int64_t lanes, std::int64_t block_rows) {
  return geometry == Geometry::lanes ? block_rows * lanes : 256;
}
std::int64_t stripe_lead(Geometry geometry, const Params& params) {
  return 32 * params.at("chunk") + (geometry == Geometry::lanes ? params.at("wg") : 0);
}

SweepPlan plan_sweeps(std::int64_t m, std::int64_t n, std::int64_t height, const Band& band) {
  const std::int64_t stripes = (m + height - 1) / height;
  const std::int64_t top = stripes >= 2 ? (stripes + 1) / 2 * height : (m + 1) / 2, bottom = m - top;
  const std::int64_t lo = n - m - band.hi, hi = n - m - band.lo;  // the band's edges, reversed
  return {top, bottom, band, {std::max(-bottom, -((-lo + 31) / 32 * 32)), std::min(n, hi)}};
}

BandWork sweeps_work(std::int64_t m, std::int64_t n, std::int64_t height, std::int64_t lead, const Band& band) {
  const SweepPlan plan = plan_sweeps(m, n, height, band);
  BandWork work = band_work(plan.top, n, height, lead, plan.top_band);
  if (plan.bottom > 0) {
    const BandWork bottom = band_work(plan.bottom, n, height, lead, plan.bottom_band);
    work.cells += bottom.cells;
    work.chain = std::max(work.chain, bottom.chain);
  }
  return work;
}

MemoryNeeds bus_memory(Geometry geometry, std::uint64_t m, std::uint64_t n, std::int64_t slots) {
  const std::uint64_t bus = 2 * static_cast<std::uint64_t>(slots + 1) * bus_slot_bytes(geometry, n);
  return {bus + 3 * (m + n) + (m + 31) / 32 * 16 + 1024, bus};
}

BitparSweeps::BitparSweeps(OpenDevice& device, Geometry geometry, const Params& params, const DeviceStrings& strings,
                           std::uint64_t bus_per_byte, const SymbolCodes* found)
    : device_(device), geometry_(geometry), params_(params), strings_(strings) {
  const DeviceInfo& info = device.info();
  bus_budget_ = std::min(info.global_memory / 4, info.max_allocation);
  if (bus_per_byte > 0)
    bus_budget_ = std::min(bus_budget_, bus_per_byte * (strings.host_a.size() + strings.host_b.size()));
  const bool lanes_geometry = geometry == Geometry::lanes;
  lanes_ = lanes_geometry ? params.at("wg") : 1;
  // Codes of both strings: a piece's rows may come from either.
  const SymbolCodes codes = found ? *found : symbol_codes(strings.host_a, strings.host_b);
  const std::int64_t sigma = sigma_for(codes.count);
  const std::int64_t rows =
      lanes_geometry
          ? block_rows(params, static_cast<std::int64_t>(std::max(strings.host_a.size(), strings.host_b.size())), sigma)
          : 0;
  height_ = stripe_height(geometry, lanes_, rows);
  if (lanes_geometry && bitpar_local_bytes(lanes_, sigma, rows) > info.local_memory)
    throw Error(ErrorCode::unsupported, "bitpar with wg=" + std::to_string(lanes_) + " needs " +
                                            std::to_string(bitpar_local_bytes(lanes_, sigma, rows)) +
                                            " bytes of local memory for " + std::to_string(codes.count) + " symbols; " +
                                            info.name + " has " + std::to_string(info.local_memory));
  // One warp per workgroup exchanges through shuffles on NVIDIA (inline PTX); every other
  // device, and other workgroup sizes, through local memory.
  const bool shuffle = lanes_geometry && lanes_ == 32 && nvidia_platform(info);
  const std::string options = "-DLANES=" + std::to_string(lanes_) + " -DWORD_BITS=" + std::to_string(rows) +
                              " -DSIGMA=" + std::to_string(sigma) +
                              " -DCHUNK=" + std::to_string(32 * params.at("chunk")) + " -DSHUFFLE=" +
                              (shuffle ? "1" : "0") + " -DPTX_FENCES=" + (shuffle ? "1" : "0") +
                              (lanes_geometry ? " -DUNROLL=" + std::to_string(params.at("unroll")) : "");
  const std::string file = lanes_geometry ? "bitpar.cl" : "bitpar_vector.cl";
  kernel_ = &device.kernel(file, lanes_geometry ? "bitpar" : "bitpar_vector", options);
  device.check_launch(*kernel_, static_cast<std::size_t>(lanes_));
  cl::Kernel& translate = device.kernel(file, "bitpar_codes", options);

  const std::uint64_t m = strings.host_a.size(), n = strings.host_b.size();
  try {
    const cl::Buffer table(device.context(), CL_MEM_READ_ONLY, codes.of.size());
    device.queue().enqueueWriteBuffer(table, CL_FALSE, 0, codes.of.size(), codes.of.data());
    codes_ = cl::Buffer(device.context(), CL_MEM_READ_WRITE, static_cast<std::size_t>(std::max<std::uint64_t>(1, 2 * (m + n))));
    // a, a reversed, b, b reversed (as pieces' sweeps find them: cl/bitpar.h)
    const struct {
      const cl::Buffer& src;
      std::uint64_t count, at;
      bool reversed;
    } parts[] = {{strings.a, m, 0, false}, {strings.a, m, m, true}, {strings.b, n, 2 * m, false},
                 {strings.b, n, 2 * m + n, true}};
    for (const auto& part : parts) {
      if (part.count == 0) continue;
      set_args(translate, CodesArgs{part.src, static_cast<cl_int>(part.count), table, codes_,
                                    static_cast<cl_long>(part.at), part.reversed ? 1 : 0});
      const std::size_t wg = 64;
      device.launch(translate, static_cast<std::size_t>((part.count + wg - 1) / wg * wg), wg, nullptr);
      ++costs_.launches;
    }
    device.queue().finish();  // `table` goes out of scope
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "translating strings for bitpar on " + info.name);
  }
}

std::vector<Breakpoint> BitparSweeps::run(const std::vector<Piece>& pieces) { return in_launches(pieces, Halves::both); }

std::vector<std::int64_t> BitparSweeps::distances(const std::vector<Piece>& pieces) {
  std::vector<std::int64_t> out;
  out.reserve(pieces.size());
  for (const Breakpoint& b : in_launches(pieces, Halves::whole)) out.push_back(b.distance);
  return out;
}

std::vector<Breakpoint> BitparSweeps::in_launches(const std::vector<Piece>& pieces, Halves halves) {
  // Launches of as many pieces as the bus's budget holds with two slots a sweep and its
  // bottom row's.
  const std::uint64_t budget = bus_budget_;
  std::vector<Breakpoint> out;
  out.reserve(pieces.size());
  for (std::size_t first = 0; first < pieces.size();) {
    std::size_t count = 0;
    std::uint64_t least = 0;
    while (first + count < pieces.size()) {
      const Piece& p = pieces[first + count];
      const std::uint64_t bytes = 6 * bus_slot_bytes(geometry_, static_cast<std::uint64_t>(std::min(p.m, p.n)));
      if (count > 0 && least + bytes > budget) break;
      least += bytes;
      ++count;
    }
    launch(&pieces[first], count, halves, out, nullptr);
    first += count;
  }
  return out;
}

SweepRow BitparSweeps::half(const Piece& piece, Halves which) {
  std::vector<Breakpoint> none;
  std::vector<SweepRow> rows;
  launch(&piece, 1, which, none, &rows);
  return rows.front();
}

namespace {
struct RowHeader {  // encode_row's bytes: this, then the slot
  std::int64_t first, last, value;
  std::uint64_t cells, launches;
  double kernel_seconds;
  std::uint64_t slot_bytes;
};
}  // namespace

std::string encode_row(const SweepRow& row, const Costs& costs) {
  const RowHeader header{row.first, row.last, row.value, costs.cells, costs.launches, costs.kernel_seconds, row.slot.size()};
  std::string bytes(sizeof header + row.slot.size(), '\0');
  std::memcpy(bytes.data(), &header, sizeof header);
  if (!row.slot.empty()) std::memcpy(bytes.data() + sizeof header, row.slot.data(), row.slot.size());
  return bytes;
}

SweepRow decode_row(const std::string& bytes, Costs& costs) {
  RowHeader header{};
  if (bytes.size() >= sizeof header) std::memcpy(&header, bytes.data(), sizeof header);
  if (bytes.size() < sizeof header || bytes.size() - sizeof header != header.slot_bytes)
    throw Error(ErrorCode::internal, "a half's row of " + std::to_string(bytes.size()) + " bytes is not one bitpar wrote");
  SweepRow row;
  row.first = header.first;
  row.last = header.last;
  row.value = header.value;
  row.slot.assign(bytes.begin() + sizeof header, bytes.end());
  costs.cells = header.cells;
  costs.launches = header.launches;
  costs.kernel_seconds = header.kernel_seconds;
  return row;
}

Breakpoint meet_halves(Geometry geometry, std::int64_t height, const Piece& piece, const SweepRow& top,
                       const SweepRow& bottom) {
  const PieceSides sides(piece);
  const SweepPlan plan =
      plan_sweeps(sides.rows, sides.columns, height, band_for(sides.rows, sides.columns, std::min(piece.bound, sides.rows)));
  const auto row = [geometry](const SweepRow& r) {
    return BottomRow{geometry, r.slot.empty() ? nullptr : r.slot.data(), r.first, r.last, r.value};
  };
  return breakpoint_of(piece, plan, meet_pieces({row(top)}, {row(bottom)}, {sides.columns}).front());
}

void BitparSweeps::launch(const Piece* pieces, std::size_t count, Halves halves, std::vector<Breakpoint>& out,
                          std::vector<SweepRow>* halves_out) {
  const auto started = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point launched, ran, read;
  const DeviceInfo& info = device_.info();
  const std::uint64_t size_a = strings_.host_a.size(), size_b = strings_.host_b.size();
  // Where a string's codes start in codes_, forward or reversed, for `length` bytes from
  // `offset`.
  const auto code_at = [&](bool from_b, bool reversed, std::int64_t offset, std::int64_t length) -> cl_long {
    const std::uint64_t base = from_b ? 2 * size_a : 0, size = from_b ? size_b : size_a;
    return static_cast<cl_long>(reversed ? base + size + (size - static_cast<std::uint64_t>(offset + length))
                                         : base + static_cast<std::uint64_t>(offset));
  };

  // Two sweeps a piece (one where it has a single row), rows its longer side.
  std::vector<PlannedSweep> sweeps;
  std::vector<SweepPlan> plans(count);
  std::int64_t stripes = 0, corners = 0;
  for (std::size_t q = 0; q < count; ++q) {
    const Piece& p = pieces[q];
    const bool swap = p.m < p.n;
    const std::int64_t rows = swap ? p.n : p.m, columns = swap ? p.m : p.n;
    const std::int64_t rows_offset = swap ? p.b_offset : p.a_offset, columns_offset = swap ? p.a_offset : p.b_offset;
    if (rows >= INT_MAX || columns >= INT_MAX)
      throw Error(ErrorCode::input_too_long,
                  "bitpar takes strings of up to " + std::to_string(INT_MAX - 1) + " bytes (32-bit columns)");
    const Band band = band_for(rows, columns, std::min(p.bound, rows));
    const SweepPlan plan = halves == Halves::whole ? SweepPlan{rows, 0, band, band} : plan_sweeps(rows, columns, height_, band);
    plans[q] = plan;
    for (const bool backward : {false, true}) {
      const std::int64_t m = backward ? plan.bottom : plan.top;
      if (m == 0 || halves == (backward ? Halves::top : Halves::bottom)) continue;
      BitparSweep layout{};
      layout.rows_at = code_at(swap, backward, backward ? rows_offset + plan.top : rows_offset, m);
      layout.columns_at = code_at(!swap, backward, columns_offset, columns);
      layout.m = static_cast<cl_int>(m);
      layout.n = static_cast<cl_int>(columns);
      const Band& band = backward ? plan.bottom_band : plan.top_band;
      layout.band_lo = static_cast<cl_int>(band.lo);
      layout.band_hi = static_cast<cl_int>(band.hi);
      layout.stripes = static_cast<cl_int>((m + height_ - 1) / height_);
      layout.progress_at = static_cast<cl_int>(stripes);
      layout.corners_at = static_cast<cl_int>(corners);
      stripes += layout.stripes;
      corners += layout.stripes + 1;
      sweeps.push_back({layout, bus_slot_bytes(geometry_, static_cast<std::uint64_t>(columns))});
      costs_.cells += band_cells(m, columns, height_, band);
    }
  }
  if (stripes >= INT_MAX) throw Error(ErrorCode::input_too_long, "bitpar: too many stripes for one launch");

  // Bus slots: as many as stripes where they fit the budget, so that no stripe waits for
  // its slot; else each sweep's share, a ring of at least two. The budget holds the
  // bottom rows' slots too.
  std::uint64_t full = 0, bottom_rows = 0;
  for (const PlannedSweep& s : sweeps) {
    full += static_cast<std::uint64_t>(s.layout.stripes) * s.slot_bytes;
    bottom_rows += s.slot_bytes;
  }
  const std::uint64_t budget = bus_budget_ - std::min(bus_budget_, bottom_rows);
  const std::int64_t asked = params_.at("slots");
  std::uint64_t bus_bytes = 0;
  for (PlannedSweep& s : sweeps) {
    std::int64_t slots = asked > 0 ? asked
                         : full <= budget
                             ? s.layout.stripes
                             : static_cast<std::int64_t>(static_cast<double>(s.layout.stripes) * budget / full);
    slots = std::min<std::int64_t>(std::max<std::int64_t>(slots, 2), s.layout.stripes);
    s.layout.slots = static_cast<cl_int>(slots);
    s.layout.bus_at = static_cast<cl_long>(bus_bytes / bus_word_bytes(geometry_));
    bus_bytes += static_cast<std::uint64_t>(slots) * s.slot_bytes;
  }
  // The bottom rows after the rings, together.
  const std::uint64_t rows_at = bus_bytes;
  for (PlannedSweep& s : sweeps) {
    s.layout.bottom_at = static_cast<cl_long>(bus_bytes / bus_word_bytes(geometry_));
    bus_bytes += s.slot_bytes;
  }
  // The claims: every sweep's stripe s before any sweep's stripe s + 1.
  std::vector<std::size_t> order(sweeps.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return sweeps[x].layout.stripes > sweeps[y].layout.stripes; });
  std::vector<cl_int> claims;
  claims.reserve(static_cast<std::size_t>(2 * stripes));
  for (cl_int s = 0; !order.empty() && s < sweeps[order.front()].layout.stripes; ++s)
    for (const std::size_t k : order) {
      if (sweeps[k].layout.stripes <= s) break;
      claims.push_back(static_cast<cl_int>(k));
      claims.push_back(s);
    }

  const std::uint64_t table_bytes = sweeps.size() * (sizeof(BitparSweep) + sizeof(cl_int)) +
                                    static_cast<std::uint64_t>(stripes) * 3 * sizeof(cl_int) +
                                    static_cast<std::uint64_t>(corners) * sizeof(cl_int);
  check_memory(info, {strings_.bytes + 2 * (size_a + size_b) + bus_bytes + table_bytes, bus_bytes},
               "bitpar's bus of " + gib(bus_bytes));
  peak_bytes_ = std::max(peak_bytes_, 2 * (size_a + size_b) + bus_bytes + table_bytes);

  std::vector<cl_int> values(sweeps.size());
  std::vector<unsigned char> rows(halves == Halves::whole ? 0 : static_cast<std::size_t>(bus_bytes - rows_at));  // the sweeps' bottom rows
  try {
    std::vector<BitparSweep> layouts;
    for (const PlannedSweep& s : sweeps) layouts.push_back(s.layout);
    SweepArgs args;
    args.codes = codes_;
    args.sweeps = sweeps_.at_least(device_, layouts.size() * sizeof(BitparSweep));
    args.claims = claims_.at_least(device_, claims.size() * sizeof(cl_int));
    args.claim_count = static_cast<cl_int>(stripes);
    args.bus = bus_.at_least(device_, std::max<std::uint64_t>(bus_bytes, 8));
    if (!progress_ || progress_->count() < static_cast<std::size_t>(stripes))
      progress_.emplace(device_.counters(static_cast<std::size_t>(stripes)));
    args.progress = progress_->buffer();
    args.top_left = top_left_.at_least(device_, static_cast<std::uint64_t>(corners) * sizeof(cl_int));
    args.next_stripe = next_.at_least(device_, sizeof(cl_int));
    args.result = results_.at_least(device_, sweeps.size() * sizeof(cl_int));
    cl::CommandQueue& queue = device_.queue();
    queue.enqueueWriteBuffer(args.sweeps, CL_FALSE, 0, layouts.size() * sizeof(BitparSweep), layouts.data());
    queue.enqueueWriteBuffer(args.claims, CL_FALSE, 0, claims.size() * sizeof(cl_int), claims.data());
    const cl_int zero = 0;
    queue.enqueueFillBuffer(args.progress, zero, 0, static_cast<std::size_t>(stripes) * sizeof(cl_int));
    queue.enqueueFillBuffer(args.next_stripe, zero, 0, sizeof(cl_int));
    set_args(*kernel_, args);

    // Progress: the columns the stripes have published (INT_MAX once finished).
    std::vector<cl_int> widths(static_cast<std::size_t>(stripes));
    double total = 0;
    for (const PlannedSweep& s : sweeps) {
      std::fill_n(widths.begin() + s.layout.progress_at, s.layout.stripes, s.layout.n);
      total += static_cast<double>(s.layout.stripes) * s.layout.n;
    }
    const OpenDevice::Watch watch(device_, *progress_, [widths, total](const std::vector<cl_int>& done, ProgressMeter& meter) {
      double sum = 0;
      for (std::size_t k = 0; k < widths.size() && k < done.size(); ++k) sum += std::min(done[k], widths[k]);
      meter.part(sum / total);
    });
    // As many workgroups as stripes: each claims stripes in the claims' order until they run
    // out, so no stripe ever waits for an unstarted one.
    BusySpan busy;
    launched = std::chrono::steady_clock::now();
    device_.launch(*kernel_, static_cast<std::size_t>(stripes * lanes_), static_cast<std::size_t>(lanes_),
                   busy.event(true));
    ++costs_.launches;
    device_.wait();  // one launch: seconds on a CPU device, a cancel may come meanwhile
    ran = std::chrono::steady_clock::now();
    queue.enqueueReadBuffer(args.result, CL_FALSE, 0, values.size() * sizeof(cl_int), values.data());
    // The sweeps' bottom rows, in one read (an enqueue costs microseconds).
    if (halves != Halves::whole) queue.enqueueReadBuffer(bus_.buffer(), CL_FALSE, rows_at, rows.size(), rows.data());
    queue.finish();
    read = std::chrono::steady_clock::now();
    costs_.kernel_seconds += busy.seconds();
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running bitpar on " + info.name);
  }

  if (halves == Halves::whole) {
    for (std::size_t q = 0; q < count; ++q) {  // a sweep each: its value at (m, n)
      Breakpoint b;
      b.distance = values[q];
      out.push_back(b);
    }
  } else {
    // Each sweep's bottom row where it lies in `rows`; a missing bottom sweep is row 0.
    std::vector<BottomRow> tops, bottoms;
    std::vector<std::int64_t> columns;
    for (std::size_t q = 0, k = 0; q < count; ++q) {
      const SweepPlan& plan = plans[q];
      const std::int64_t n = PieceSides(pieces[q]).columns;
      const auto row_of = [&](std::size_t sweep, std::int64_t m, const Band& band) {
        const ColumnRange cols = stripe_columns((sweeps[sweep].layout.stripes - 1) * height_, m, n, band);
        const std::uint64_t at = static_cast<std::uint64_t>(sweeps[sweep].layout.bottom_at) * bus_word_bytes(geometry_) - rows_at;
        return BottomRow{geometry_, rows.data() + at, cols.first, cols.last, values[sweep]};
      };
      if (halves != Halves::bottom) tops.push_back(row_of(k++, plan.top, plan.top_band));
      if (halves != Halves::top)
        bottoms.push_back(plan.bottom > 0 ? row_of(k++, plan.bottom, plan.bottom_band) : BottomRow{geometry_, nullptr, 1, n, n});
      columns.push_back(n);
    }
    if (halves == Halves::both) {
      const std::vector<Meeting> meetings = meet_pieces(tops, bottoms, columns);
      for (std::size_t q = 0; q < count; ++q) out.push_back(breakpoint_of(pieces[q], plans[q], meetings[q]));
    } else {
      for (const BottomRow& r : halves == Halves::top ? tops : bottoms) {
        SweepRow copy{{}, r.first, r.last, r.value};
        if (r.slot) copy.slot.assign(r.slot, r.slot + bus_slot_bytes(geometry_, static_cast<std::uint64_t>(r.last)));
        halves_out->push_back(std::move(copy));
      }
    }
  }
  const auto ms = [](auto from, auto to) { return std::chrono::duration<double, std::milli>(to - from).count(); };
  log().debug("bitpar: {} piece(s), {} sweep(s), {} stripes of {} rows, bus {}; ms: plan {:.2f}, run {:.2f}, read {:.2f}, "
              "meet {:.2f}",
              count, sweeps.size(), stripes, height_, gib(bus_bytes), ms(started, launched), ms(launched, ran),
              ms(ran, read), ms(read, std::chrono::steady_clock::now()));
}

}  // namespace levcl::detail
