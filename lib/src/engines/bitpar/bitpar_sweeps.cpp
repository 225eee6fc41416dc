#include "engines/bitpar/bitpar_sweeps.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cmath>
#include <chrono>
#include <climits>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>

#include "cl/bitpar.h"
#include "cl/workgroup_flags.h"
#include "runtime/cpu_features.hpp"
#include "runtime/devices.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

struct CodesArgs {
  cl::Buffer src;
  cl_int count;
  cl::Buffer table, dst;
  cl_long dst_at;
  cl_int reversed;
  auto fields() const { return std::tie(src, count, table, dst, dst_at, reversed); }
};

struct MeetArgs {  // bitpar.cl's bitpar_meet
  cl::Buffer bus, result, meetings, met;
  auto fields() const { return std::tie(bus, result, meetings, met); }
};

// A sweep's edge, its values down its last column as its stripes left them: the vertical
// deltas of rows first .. last in its slot (laid out as a bus slot of as many columns), and
// its value at the last row; defined from first - 1 (the top of the first stripe that
// reaches the last column: those above end before it, outside the band there) to last.
// Without a slot, column 0 (value i at row i): what a backward sweep of no columns leaves.
struct Edge : SlotDeltas {
  std::int64_t first, last, value;

  // Its value at row i (first - 1 <= i <= last): the last one's, less the rise after i.
  std::int64_t at(std::int64_t i) const { return value - rise(i, last); }
};

// Where two sweeps' edges meet: the least sum over the middle column's rows i of the
// forward sweep's value at i and the backward sweep's at m - i (Hirschberg), where both
// computed it; the first such i. Each is at least the true value and exact on the band's
// paths, so the sum is an upper bound of the distance, exact when a path of the band's
// bound crosses there.
struct Meeting {
  std::int64_t sum = std::numeric_limits<std::int64_t>::max();
  std::int64_t i = 0, forward = 0, backward = 0;
};
struct MeetingRange {
  std::int64_t lo, hi;  // the rows i where both edges are defined
};
MeetingRange meeting_range(const Edge& forward, const Edge& backward, std::int64_t m) {
  return {bitpar_meeting_lo(forward.first, backward.last, m), bitpar_meeting_hi(forward.last, backward.first, m)};
}

// The meeting over rows lo .. hi of the range, from the forward edge's value f at lo and
// the backward one's b at m - lo: one pass, each edge's value carried from row to row by
// its deltas.
Meeting meet_by_rows(const Edge& forward, const Edge& backward, std::int64_t m, std::int64_t lo, std::int64_t hi,
                     std::int64_t f, std::int64_t b) {
  Meeting best;
  if (lo > hi) return best;
  for (std::int64_t i = lo;; ++i) {
    if (f + b < best.sum) best = {f + b, i, f, b};
    if (i == hi) break;
    f += forward.delta(i + 1);
    b -= backward.delta(m - i);
  }
  return best;
}

#if defined(__x86_64__)
// `bits` with the order of its low `count` bits reversed.
cl_uint reversed(cl_uint bits, int count) {
  bits = ((bits >> 1) & 0x55555555u) | ((bits & 0x55555555u) << 1);
  bits = ((bits >> 2) & 0x33333333u) | ((bits & 0x33333333u) << 2);
  bits = ((bits >> 4) & 0x0F0F0F0Fu) | ((bits & 0x0F0F0F0Fu) << 4);
  bits = ((bits >> 8) & 0x00FF00FFu) | ((bits & 0x00FF00FFu) << 8);
  bits = (bits >> 16) | (bits << 16);
  return count == 0 ? 0 : bits >> (32 - count);
}

// A byte a bit of `bits`: -1 where it is set, 0 where not.
__attribute__((target("avx2"))) __m256i bytes_of(cl_uint bits) {
  const __m256i spread = _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(bits)),
                                             _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2,
                                                              2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3));
  const __m256i bit = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201u));
  return _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit);
}

// meet_by_rows's meeting, 32 rows a step in the bytes of an AVX2 register: each row's change
// of the sum (-2 .. 2) from both edges' deltas as masks, summed along the rows (log steps),
// the least and its first row; where the popcounts show no row can go below the least so
// far, the step is only counted. Each edge's value at the least is found again after.
// About 0.5 ns a row against 2.6 on one core of an AMD EPYC.
__attribute__((target("avx2"))) Meeting meet_avx2(const Edge& forward, const Edge& backward, std::int64_t m,
                                                  std::int64_t lo, std::int64_t hi, std::int64_t f, std::int64_t b) {
  if (lo > hi) return {};
  const __m256i lane = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                        22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  std::int64_t sum = f + b, least = sum, at = lo;
  for (std::int64_t i = lo; i < hi;) {
    const int count = static_cast<int>(std::min<std::int64_t>(32, hi - i));
    // Rows i + 1 .. i + count, each in bit t for row i + 1 + t: the forward edge's deltas
    // there, and the backward one's at rows m - i down to m - i - count + 1 (the sum falls
    // where they are +1: b loses them).
    cl_uint rises, falls, back_falls, back_rises;
    forward.bits(i, count, rises, falls);
    backward.bits(m - i - count, count, back_falls, back_rises);
    back_falls = reversed(back_falls, count);
    back_rises = reversed(back_rises, count);
    const std::int64_t change = __builtin_popcount(rises) + __builtin_popcount(back_rises) -
                                __builtin_popcount(falls) - __builtin_popcount(back_falls);
    if (sum - __builtin_popcount(falls) - __builtin_popcount(back_falls) < least) {
      // Each row's change (bytes_of gives -1 a set bit), then its sum from row i + 1 on.
      __m256i run = _mm256_sub_epi8(_mm256_add_epi8(bytes_of(falls), bytes_of(back_falls)),
                                    _mm256_add_epi8(bytes_of(rises), bytes_of(back_rises)));
      run = _mm256_add_epi8(run, _mm256_slli_si256(run, 1));
      run = _mm256_add_epi8(run, _mm256_slli_si256(run, 2));
      run = _mm256_add_epi8(run, _mm256_slli_si256(run, 4));
      run = _mm256_add_epi8(run, _mm256_slli_si256(run, 8));
      const __m256i low_half = _mm256_permute2x128_si256(run, run, 0x08);  // 0 below, the low half's above
      run = _mm256_add_epi8(run, _mm256_shuffle_epi8(low_half, _mm256_set1_epi8(15)));
      // Rows past the step's count never hold the least.
      const __m256i rows = _mm256_blendv_epi8(_mm256_set1_epi8(127), run,
                                              _mm256_cmpgt_epi8(_mm256_set1_epi8(static_cast<char>(count)), lane));
      __m256i lowest = _mm256_min_epi8(rows, _mm256_permute2x128_si256(rows, rows, 1));
      lowest = _mm256_min_epi8(lowest, _mm256_srli_si256(lowest, 8));
      lowest = _mm256_min_epi8(lowest, _mm256_srli_si256(lowest, 4));
      lowest = _mm256_min_epi8(lowest, _mm256_srli_si256(lowest, 2));
      lowest = _mm256_min_epi8(lowest, _mm256_srli_si256(lowest, 1));
      const int step_least = static_cast<signed char>(_mm256_extract_epi8(lowest, 0));
      if (sum + step_least < least) {
        const auto first = static_cast<unsigned>(
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(rows, _mm256_set1_epi8(static_cast<char>(step_least)))));
        least = sum + step_least;
        at = i + 1 + __builtin_ctz(first);
      }
    }
    sum += change;
    i += count;
  }
  const std::int64_t forward_at = f + forward.rise(lo, at);
  return {least, at, forward_at, least - forward_at};
}
#endif

Meeting meet(const Edge& forward, const Edge& backward, std::int64_t m, std::int64_t lo, std::int64_t hi,
             std::int64_t f, std::int64_t b) {
#if defined(__x86_64__)
  if (has_avx2()) return meet_avx2(forward, backward, m, lo, hi, f, b);
#endif
  return meet_by_rows(forward, backward, m, lo, hi, f, b);
}

// Rows of a meeting one host thread takes, where a level's meetings have more rows than
// threaded_meeting_rows(): waking the host's threads cost the H200 host 0.1-0.25 ms a level,
// what meet_avx2 spends on about 2^19 rows, and meet_by_rows on about 2^15.
constexpr std::int64_t kMeetingSlice = std::int64_t{1} << 13;
std::int64_t threaded_meeting_rows() {
#if defined(__x86_64__)
  if (has_avx2()) return std::int64_t{1} << 19;
#endif
  return 2 * kMeetingSlice;
}

// Each piece's meeting, forwards[q] against backwards[q] over its `rows[q]`: the rows in
// slices, the slices of every piece on the host's threads. For edges read back: bitpar.cl's
// pieces meet on their device (bitpar_meet), bitpar_vector.cl's on the host whose CPU swept
// them, and pieces swept over several devices where their edges come together.
std::vector<Meeting> meet_pieces(const std::vector<Edge>& forwards, const std::vector<Edge>& backwards,
                                 const std::vector<std::int64_t>& rows) {
  struct Slice {
    std::size_t piece;
    std::int64_t lo, hi, forward, backward;  // the edges' values where it starts
    Meeting found;
  };
  std::vector<Slice> slices;
  std::int64_t total_rows = 0;
  for (std::size_t q = 0; q < forwards.size(); ++q) {
    const std::int64_t m = rows[q];
    const MeetingRange range = meeting_range(forwards[q], backwards[q], m);
    if (range.lo > range.hi) continue;  // no path within the bound
    // Each slice's values from the one before's, 32 rows a popcount: one pass over the
    // edges, not one a slice.
    std::int64_t forward = forwards[q].at(range.lo), backward = backwards[q].at(m - range.lo);
    for (std::int64_t lo = range.lo; lo <= range.hi; lo += kMeetingSlice) {
      const std::int64_t next = lo + kMeetingSlice;
      slices.push_back({q, lo, std::min(range.hi, next - 1), forward, backward, {}});
      if (next > range.hi) break;
      forward += forwards[q].rise(lo, next);
      backward -= backwards[q].rise(m - next, m - lo);
    }
    total_rows += range.hi - range.lo + 1;
  }
  parallel_each(slices.size(), total_rows > threaded_meeting_rows() ? thread_count(0) : 1, [&](std::size_t s) {
    Slice& slice = slices[s];
    slice.found = meet(forwards[slice.piece], backwards[slice.piece], rows[slice.piece], slice.lo, slice.hi,
                       slice.forward, slice.backward);
  });
  std::vector<Meeting> meetings(forwards.size());
  for (const Slice& slice : slices)  // in row order: the first least sum stays
    if (slice.found.sum < meetings[slice.piece].sum) meetings[slice.piece] = slice.found;
  return meetings;
}

// A piece's sides as its sweeps take them: rows the longer, so that there are many stripes;
// the shorter where it is a single byte, since a split at the middle column must leave both
// halves fewer columns (an alignment's pieces must shrink). `bound`: the piece's bound
// within its longer side, where every band ends.
struct PieceSides {
  bool swapped;
  std::int64_t rows, columns, bound;
  explicit PieceSides(const Piece& p)
      : swapped(std::min(p.m, p.n) == 1 ? p.m > p.n : p.m < p.n),
        rows(swapped ? p.n : p.m),
        columns(swapped ? p.m : p.n),
        bound(std::min(p.bound, std::max(p.m, p.n))) {}
  Band band() const { return band_for(rows, columns, bound); }
};

// The breakpoint where a piece's meeting lies, back in a's rows and b's columns.
Breakpoint breakpoint_of(const Piece& p, const SweepPlan& plan, const Meeting& at) {
  const PieceSides sides(p);
  Breakpoint b;
  b.distance = std::min(at.sum, std::max(p.m, p.n) + 1);
  b.i = sides.swapped ? plan.left : at.i;
  b.j = sides.swapped ? at.i : plan.left;
  b.forward_score = at.forward;
  b.backward_score = at.backward;
  return b;
}

// The first row of a sweep's edge: the top of the first stripe that reaches its last column
// (those above end before it, outside the band there), + 1.
std::int64_t edge_first_row(const BitparSweep& layout, std::int64_t height) {
  const std::int64_t short_of = static_cast<std::int64_t>(layout.n) - layout.band_hi;  // rows a stripe's bottom needs
  const std::int64_t first = short_of <= 0 ? 0 : std::min<std::int64_t>((short_of + height - 1) / height - 1, layout.stripes - 1);
  return first * height + 1;
}

// Pieces a host thread lays out at least: fewer cost less than waking another (on the H200
// host a level of 2,043 pieces laid out on four threads took longer than on one).
constexpr std::size_t kLaidOutPieces = 4096;

std::string gib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// The least local memory of an OpenCL device of the full profile (CL_DEVICE_LOCAL_MEM_SIZE).
constexpr std::uint64_t kLeastLocalBytes = 32 * 1024;

}  // namespace

int SlotDeltas::delta(std::int64_t i) const {
  if (!slot) return 1;
  if (geometry == Geometry::vector) return (slot[i - 1] & 1) - (slot[i - 1] >> 1);
  const std::int64_t w = (i - 1) / 32, bit = (i - 1) % 32;
  return static_cast<int>((word(2 * w) >> bit) & 1u) - static_cast<int>((word(2 * w + 1) >> bit) & 1u);
}

SlotDeltas::Counts SlotDeltas::counts(std::int64_t i, std::int64_t k) const {
  Counts c;
  if (!slot) {
    c.plus = k - i;
    return c;
  }
  std::int64_t r = i;
  if (geometry == Geometry::vector) {  // a byte a delta, 8 a popcount
    constexpr std::uint64_t kLow = 0x0101010101010101u;
    for (; r + 8 <= k; r += 8) {
      std::uint64_t bytes;
      std::memcpy(&bytes, slot + r, sizeof bytes);
      c.plus += __builtin_popcountll(bytes & kLow);
      c.minus += __builtin_popcountll((bytes >> 1) & kLow);
    }
    for (; r < k; ++r) {
      c.plus += slot[r] & 1;
      c.minus += (slot[r] >> 1) & 1;
    }
    return c;
  }
  while (r < k) {  // delta r + 1 is bit r % 32 of word pair r / 32
    const std::int64_t w = r / 32, first = r % 32;
    if (first == 0 && k - r >= 32) {  // whole word pairs
      const std::int64_t words = (k - r) / 32;
      for (std::int64_t x = w; x < w + words; ++x) {
        c.plus += __builtin_popcount(word(2 * x));
        c.minus += __builtin_popcount(word(2 * x + 1));
      }
      r += 32 * words;
      continue;
    }
    const std::int64_t bits = std::min<std::int64_t>(32 - first, k - r);
    const cl_uint mask = (cl_uint{1} << bits) - 1;
    c.plus += __builtin_popcount((word(2 * w) >> first) & mask);
    c.minus += __builtin_popcount((word(2 * w + 1) >> first) & mask);
    r += bits;
  }
  return c;
}

void SlotDeltas::bits(std::int64_t i, int count, cl_uint& plus, cl_uint& minus) const {
  const cl_uint mask = count >= 32 ? ~cl_uint{0} : (cl_uint{1} << count) - 1;
  plus = minus = 0;
  if (!slot) {
    plus = mask;
    return;
  }
  if (geometry == Geometry::vector) {  // a byte a delta: 8 bytes' bits gathered by a multiply
    constexpr std::uint64_t kLow = 0x0101010101010101u, kGather = 0x0102040810204080u;
    int t = 0;
    for (; t + 8 <= count; t += 8) {
      std::uint64_t bytes;
      std::memcpy(&bytes, slot + i + t, sizeof bytes);
      plus |= static_cast<cl_uint>(((bytes & kLow) * kGather) >> 56) << t;
      minus |= static_cast<cl_uint>((((bytes >> 1) & kLow) * kGather) >> 56) << t;
    }
    for (; t < count; ++t) {
      plus |= static_cast<cl_uint>(slot[i + t] & 1) << t;
      minus |= static_cast<cl_uint>((slot[i + t] >> 1) & 1) << t;
    }
    return;
  }
  const std::int64_t w = i / 32;
  const int shift = static_cast<int>(i % 32);
  plus = word(2 * w) >> shift;
  minus = word(2 * w + 1) >> shift;
  if (shift > 0 && count > 32 - shift) {  // the next word pair holds the rest
    plus |= word(2 * w + 2) << (32 - shift);
    minus |= word(2 * w + 3) << (32 - shift);
  }
  plus &= mask;
  minus &= mask;
}

cl_uint SlotDeltas::word(std::int64_t at) const {  // the host's cl_uint is the device's uint
  cl_uint w;
  std::memcpy(&w, slot + 4 * at, sizeof w);
  return w;
}

std::uint64_t bus_slot_bytes(Geometry geometry, std::uint64_t n) {
  return geometry == Geometry::lanes ? BITPAR_SLOT_WORDS(n) * 2 * sizeof(cl_uint) : n;
}
std::uint64_t bus_word_bytes(Geometry geometry) { return geometry == Geometry::lanes ? 8 : 1; }

cl::Kernel& BitparSweeps::kernel(bool own_slots, bool tiles) {
  cl::Kernel*& kept = kernels_[(own_slots ? 1 : 0) + (tiles ? 2 : 0)];
  if (!kept) {  // built, and checked against the device, once (a check costs queries of the driver)
    const bool lanes_geometry = geometry_ == Geometry::lanes;
    kept = &device_.kernel(kernel_file_, lanes_geometry ? "bitpar" : "bitpar_vector", options(own_slots, tiles));
    device_.check_launch(*kept, static_cast<std::size_t>(lanes_));
  }
  return *kept;
}

std::string BitparSweeps::options(bool own_slots, bool tiles) const {
  return kernel_options_ + (geometry_ == Geometry::lanes ? own_slots ? " -DOWN_SLOTS=1" : " -DOWN_SLOTS=0" : "") +
         (tiles ? " -DTILES=1" : "");
}

cl::Kernel& BitparSweeps::meet_kernel(bool own_slots) {
  cl::Kernel*& kept = meet_kernels_[own_slots ? 1 : 0];
  if (!kept) {
    kept = &device_.kernel(kernel_file_, "bitpar_meet", options(own_slots, false));
    device_.check_launch(*kept, meet_workgroup());
  }
  return *kept;
}

std::size_t BitparSweeps::meet_workgroup() const {
  // A CPU device runs a workgroup's work-items one after another between barriers: few of
  // them, each a longer run, cost it less.
  return device_.info().type == "gpu" ? BITPAR_MEET_MOST : 8;
}

// Stripes at work at once a compute unit, fewer than which a launch's chain bounds it rather
// than the device's throughput: one a warp scheduler of the H100's four. NVIDIA gives the
// kernel of slots of their own 96 registers, the rings' 128 (32-row blocks) or 166 (64-row),
// which compute a full device's steps faster. Measured on the H100 (session 49, calls 3-8),
// the stripes at work at once in brackets: slots of their own faster at HHV-6B x EBV 8.3-9.4
// -> 7.6-8.1 ms (135), 3 Mbp at 93% 0.138-0.144 -> 0.124-0.135 s (195), CP000051 x AE002160
// 58-59 -> 52-54 ms (445), 50 pieces of 100 kbp at 80% (320: 9.1 -> 8.6-8.8 ms); slower at
// 50 such pieces (575: 11.1 -> 13.8-14.7 ms), 150 (1,485: 15 -> 21 ms), 3 Mbp at 50% (1,112:
// 0.29 -> 0.33-0.35 s), the motivating pair (1,353: 0.30 -> 0.43 s); the mosaic pair at 93%
// (730) 0.237 -> 0.228-0.233 s.
constexpr double kChainBoundStripesPerUnit = 4;

double BitparSweeps::stripes_at_once(const BandWork& work) const {
  return static_cast<double>(work.cells) /
         (static_cast<double>(std::max<std::uint64_t>(1, work.chain)) * static_cast<double>(height_));
}

bool BitparSweeps::chain_bound(const BandWork& work) const {
  return stripes_at_once(work) < kChainBoundStripesPerUnit * std::max<std::uint32_t>(1, device_.info().compute_units);
}

bool BitparSweeps::own_slots_for(const BandWork& work) const {
  if (geometry_ != Geometry::lanes) return false;  // bitpar_vector.cl: one kernel, through progress
  const std::int64_t own = params_.at("own");
  if (own != 2) return own == 1;
  return chain_bound(work);
}

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

SweepPlan plan_sweeps(std::int64_t m, std::int64_t n, const Band& band, const SweepShare& share) {
  SweepPlan plan;
  plan.left = (n * share.forward + share.parts / 2) / share.parts;  // (n + 1) / 2 for a half
  const std::int64_t right = n - plan.left;
  // Rows below the band's low edge at a sweep's last column have no cell in it there.
  plan.forward_band = {band.lo, std::min(plan.left, band.hi)};
  plan.forward_rows = std::min(m, plan.left - band.lo);
  if (right > 0) {
    const std::int64_t lo = n - m - band.hi, hi = n - m - band.lo;  // the band's edges, reversed
    plan.backward_band = {std::max(-m, -((-lo + 31) / 32 * 32)), std::min(right, hi)};
    plan.backward_rows = std::min(m, right - plan.backward_band.lo);
  }
  return plan;
}

BandWork sweeps_work(std::int64_t m, std::int64_t n, std::int64_t height, std::int64_t lead, const Band& band) {
  const SweepPlan plan = plan_sweeps(m, n, band);
  BandWork work = band_work(plan.forward_rows, plan.left, height, lead, plan.forward_band);
  if (plan.backward_rows > 0) {
    const BandWork backward = band_work(plan.backward_rows, n - plan.left, height, lead, plan.backward_band);
    work.cells += backward.cells;
    work.chain = std::max(work.chain, backward.chain);
  }
  return work;
}

MemoryNeeds bus_memory(Geometry geometry, std::uint64_t m, std::uint64_t n, std::int64_t slots) {
  // Each sweep's ring of bottom rows and its edge.
  const std::uint64_t bus = 2 * (static_cast<std::uint64_t>(slots) * bus_slot_bytes(geometry, n) + bus_slot_bytes(geometry, m));
  // A stripe (of 32 rows at least) has a claim (8 bytes), a progress counter (4) and a corner (8).
  return {bus + 3 * (m + n) + (m + 31) / 32 * 20 + 1024, bus};
}

BitparSweeps::BitparSweeps(OpenDevice& device, Geometry geometry, const Params& params, const DeviceStrings& strings,
                           std::uint64_t bus_per_byte, const SymbolCodes* found)
    : device_(device),
      geometry_(geometry),
      params_(params),
      strings_(strings),
      lease_(std::make_shared<const int>(0)),
      own_(lend(device.state<BitparBuffers>("bitpar").lent, lease_) ? nullptr : std::make_unique<BitparBuffers>(device)),
      buffers_(own_ ? *own_ : device.state<BitparBuffers>("bitpar")) {
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
  kernel_file_ = lanes_geometry ? "bitpar.cl" : "bitpar_vector.cl";
  kernel_options_ = options;
  cl::Kernel& translate = device.kernel(kernel_file_, "bitpar_codes", options);

  const std::uint64_t m = strings.host_a.size(), n = strings.host_b.size();
  try {
    // The table written at once, its buffer released as the launches are queued: OpenCL frees
    // it once they are done, and nothing here waits for them (the first band's launch follows).
    const cl::Buffer table(device.context(), CL_MEM_READ_ONLY, codes.of.size());
    device.queue().enqueueWriteBuffer(table, CL_TRUE, 0, codes.of.size(), codes.of.data());
    const cl::Buffer& codes = buffers_.codes.at_least(device, std::max<std::uint64_t>(1, 2 * (m + n)));
    // a, a reversed, b, b reversed (as pieces' sweeps find them: cl/bitpar.h)
    const struct {
      const cl::Buffer& src;
      std::uint64_t count, at;
      bool reversed;
    } parts[] = {{strings.a, m, 0, false}, {strings.a, m, m, true}, {strings.b, n, 2 * m, false},
                 {strings.b, n, 2 * m + n, true}};
    for (const auto& part : parts) {
      if (part.count == 0) continue;
      set_args(translate, CodesArgs{part.src, static_cast<cl_int>(part.count), table, codes,
                                    static_cast<cl_long>(part.at), part.reversed ? 1 : 0});
      const std::size_t wg = 64;
      device.launch_items(translate, static_cast<std::size_t>(part.count), wg);
      ++costs_.launches;
    }
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "translating strings for bitpar on " + info.name);
  }
}

BitparSweeps::~BitparSweeps() { buffers_.keep_at_most(kKeptBufferBytes); }

SweepPlan BitparSweeps::plan_of(const Piece& piece, Halves halves, const SweepShare& share) {
  const PieceSides sides(piece);
  if (sides.rows >= INT_MAX || sides.columns >= INT_MAX)
    throw Error(ErrorCode::input_too_long,
                "bitpar takes strings of up to " + std::to_string(INT_MAX - 1) + " bytes (32-bit columns)");
  const Band band = sides.band();
  return halves == Halves::whole ? SweepPlan{sides.columns, sides.rows, 0, band, band}
                                 : plan_sweeps(sides.rows, sides.columns, band, share);
}

BitparSweep BitparSweeps::layout_of(const Piece& piece, const SweepPlan& plan, bool backward) const {
  const PieceSides sides(piece);
  const bool swap = sides.swapped;
  const std::int64_t rows_offset = swap ? piece.b_offset : piece.a_offset, columns_offset = swap ? piece.a_offset : piece.b_offset;
  const std::uint64_t size_a = strings_.host_a.size(), size_b = strings_.host_b.size();
  // Where a string's codes start in the codes buffer, forward or reversed, for `length`
  // bytes from `offset`.
  const auto code_at = [&](bool from_b, std::int64_t offset, std::int64_t length) -> cl_long {
    const std::uint64_t base = from_b ? 2 * size_a : 0, size = from_b ? size_b : size_a;
    return static_cast<cl_long>(backward ? base + size + (size - static_cast<std::uint64_t>(offset + length))
                                         : base + static_cast<std::uint64_t>(offset));
  };
  // The backward sweep's rows and columns are the piece's last ones, reversed.
  const std::int64_t m = backward ? plan.backward_rows : plan.forward_rows;
  const std::int64_t n = backward ? sides.columns - plan.left : plan.left;
  BitparSweep layout{};
  layout.rows_at = code_at(swap, backward ? rows_offset + sides.rows - m : rows_offset, m);
  layout.columns_at = code_at(!swap, backward ? columns_offset + plan.left : columns_offset, n);
  layout.m = static_cast<cl_int>(m);
  layout.n = static_cast<cl_int>(n);
  const Band& band = backward ? plan.backward_band : plan.forward_band;
  layout.band_lo = static_cast<cl_int>(band.lo);
  layout.band_hi = static_cast<cl_int>(band.hi);
  layout.stripes = static_cast<cl_int>((m + height_ - 1) / height_);
  return layout;
}

std::array<BitparSweep, 2> BitparSweeps::sweeps_of(const Piece& piece, const SweepShare& share) const {
  const SweepPlan plan = plan_of(piece, Halves::both, share);
  return {layout_of(piece, plan, false), layout_of(piece, plan, true)};
}

void BitparSweeps::reset_launch(const BitparArgs& args, std::int64_t stripes, std::int64_t corners, bool own_slots,
                                std::uint64_t slots_at, std::uint64_t slots_bytes) {
  cl::CommandQueue& queue = device_.queue();
  const cl_int zero = 0;
  queue.enqueueFillBuffer(args.progress, zero, 0, static_cast<std::size_t>(stripes) * sizeof(cl_int));
  queue.enqueueFillBuffer(args.next_stripe, zero, 0, sizeof(cl_int));
  // The corners unset (workgroup_flags.cl's publish_value), and in bitpar.cl with slots of
  // their own, the slots' words too (cl/bitpar.h).
  queue.enqueueFillBuffer(args.top_left, cl_ulong{WORKGROUP_VALUE_UNSET}, 0,
                          static_cast<std::size_t>(corners) * sizeof(cl_ulong));
  if (geometry_ == Geometry::lanes && own_slots && slots_bytes > 0)
    queue.enqueueFillBuffer(args.bus, cl_ulong{0x0101010101010101u} * BITPAR_UNSTORED_BYTE, slots_at,
                            static_cast<std::size_t>(slots_bytes));
}

// A chain-bound launch: a workgroup that has claimed a stripe waits, polling, until the
// stripe above is far enough on, and as many workgroups as stripes left a thousand or more of
// them polling beside the few at work, slowing each of their steps. So as many as the stripes
// at work at once, plus one a compute unit, plus one a sweep (each sweep's first stripe can
// start at once: an alignment's later levels are a thousand sweeps of a stripe or two), each
// claiming its next stripe as it finishes one (the claims' order keeps it deadlock-free, in
// rings too: a stripe waits only on stripes claimed before it). On the H200 (session 64,
// calls 4-9): synthetic 3 Mbp at 93% 0.123-0.133 -> 0.085-0.087 s, the mosaic pair at 90%
// 0.156-0.176 -> 0.095 s (twice the stripes at work: 0.142-0.148 s), the 3 Mbp pair's
// alignment, whose first levels run rings within its memory, 0.293-0.302 -> 0.243 s.
// Throughput-bound rings, stripes at work by the thousand, keep a workgroup a stripe:
// capped, the motivating pair moved within its noise.
std::int64_t BitparSweeps::workgroups_for(std::int64_t stripes, std::size_t sweeps, const BandWork& work) const {
  if (geometry_ != Geometry::lanes || !chain_bound(work)) return stripes;
  const std::int64_t ready = static_cast<std::int64_t>(std::ceil(stripes_at_once(work))) +
                             std::max<std::uint32_t>(1, device_.info().compute_units) + static_cast<std::int64_t>(sweeps);
  return std::min(stripes, ready);
}

void BitparSweeps::run_stripes(cl::Kernel& kernel, const BitparArgs& args, std::int64_t stripes, std::size_t sweeps,
                               const BandWork& work, BusySpan& busy, const std::function<void()>& behind) {
  set_args(kernel, args);
  // Each workgroup claims stripes in the claims' order until they run out, so no stripe ever
  // waits for an unstarted one.
  const std::int64_t workgroups = workgroups_for(stripes, sweeps, work);
  device_.launch(kernel, static_cast<std::size_t>(workgroups * lanes_), static_cast<std::size_t>(lanes_), busy.event(true));
  ++costs_.launches;
  behind();
  device_.wait();  // one launch: seconds on a CPU device, a cancel may come meanwhile
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
  // edge.
  const std::uint64_t budget = bus_budget_;
  std::vector<Breakpoint> out;
  out.reserve(pieces.size());
  for (std::size_t first = 0; first < pieces.size();) {
    std::size_t count = 0;
    std::uint64_t least = 0;
    while (first + count < pieces.size()) {
      const Piece& p = pieces[first + count];
      const std::uint64_t bytes = 2 * (2 * bus_slot_bytes(geometry_, static_cast<std::uint64_t>(std::min(p.m, p.n))) +
                                       bus_slot_bytes(geometry_, static_cast<std::uint64_t>(std::max(p.m, p.n))));
      if (count > 0 && least + bytes > budget) break;
      least += bytes;
      ++count;
    }
    launch(&pieces[first], count, halves, out);
    first += count;
  }
  return out;
}

namespace {
struct EdgeHeader {  // encode_edge's bytes: this, then the slot
  std::int64_t first, last, value;
  std::uint64_t cells, launches;
  double kernel_seconds;
  std::uint64_t slot_bytes;
};
}  // namespace

std::string encode_edge(const SweepEdge& edge, const Costs& costs) {
  const EdgeHeader header{edge.first, edge.last, edge.value, costs.cells, costs.launches, costs.kernel_seconds, edge.slot.size()};
  std::string bytes(sizeof header + edge.slot.size(), '\0');
  std::memcpy(bytes.data(), &header, sizeof header);
  if (!edge.slot.empty()) std::memcpy(bytes.data() + sizeof header, edge.slot.data(), edge.slot.size());
  return bytes;
}

SweepEdge decode_edge(const std::string& bytes, Costs& costs) {
  EdgeHeader header{};
  if (bytes.size() >= sizeof header) std::memcpy(&header, bytes.data(), sizeof header);
  if (bytes.size() < sizeof header || bytes.size() - sizeof header != header.slot_bytes)
    throw Error(ErrorCode::internal, "bitpar: an edge or row of " + std::to_string(bytes.size()) + " bytes that it did not write");
  SweepEdge edge;
  edge.first = header.first;
  edge.last = header.last;
  edge.value = header.value;
  edge.slot.assign(bytes.begin() + sizeof header, bytes.end());
  costs.cells = header.cells;
  costs.launches = header.launches;
  costs.kernel_seconds = header.kernel_seconds;
  return edge;
}

SweepEdge joined_edge(const BitparSweep& sweep, std::int64_t height, const std::vector<SweepEdge>& blocks) {
  SweepEdge edge;
  for (const SweepEdge& block : blocks) edge.slot.insert(edge.slot.end(), block.slot.begin(), block.slot.end());
  edge.first = edge_first_row(sweep, height);
  edge.last = sweep.m;
  edge.value = blocks.back().value;
  return edge;
}

Breakpoint meet_halves(Geometry geometry, const Piece& piece, const SweepEdge& forward, const SweepEdge& backward,
                       const SweepShare& share) {
  const PieceSides sides(piece);
  const SweepPlan plan = plan_sweeps(sides.rows, sides.columns, sides.band(), share);
  const auto edge = [geometry](const SweepEdge& r) {
    return Edge{{geometry, r.slot.empty() ? nullptr : r.slot.data()}, r.first, r.last, r.value};
  };
  return breakpoint_of(piece, plan, meet_pieces({edge(forward)}, {edge(backward)}, {sides.rows}).front());
}

void BitparSweeps::launch(const Piece* pieces, std::size_t count, Halves halves, std::vector<Breakpoint>& out) {
  const auto started = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point launched, read;
  const DeviceInfo& info = device_.info();
  const std::uint64_t size_a = strings_.host_a.size(), size_b = strings_.host_b.size();

  // Two sweeps a piece (one where it has a single column), rows its longer side, laid out on
  // the host's threads where the pieces are many (an alignment's deepest levels hold
  // thousands); then each sweep's stripes' counters and corners after the sweeps' before it.
  std::vector<SweepPlan> plans(count);
  const unsigned threads = thread_count(0);
  const std::size_t slices = slice_count(count, threads, kLaidOutPieces);
  parallel_slices(count, slices, threads, [&](std::size_t, std::size_t from, std::size_t to) {
    for (std::size_t q = from; q < to; ++q) plans[q] = plan_of(pieces[q], halves);
  });
  std::vector<std::size_t> first_sweep(count + 1, 0);
  for (std::size_t q = 0; q < count; ++q)
    first_sweep[q + 1] = first_sweep[q] + (plans[q].forward_rows > 0) + (plans[q].backward_rows > 0);
  std::vector<BitparSweep> sweeps(first_sweep[count]);  // the table the kernel reads
  std::vector<BandWork> sweep_work(sweeps.size());
  // Looked up once: two lookups in the parameters' map a sweep were most of its layout.
  const std::int64_t lead = stripe_lead(geometry_, params_);
  parallel_slices(count, slices, threads, [&](std::size_t, std::size_t from, std::size_t to) {
    for (std::size_t q = from; q < to; ++q) {
      std::size_t k = first_sweep[q];
      for (const bool backward : {false, true}) {
        if ((backward ? plans[q].backward_rows : plans[q].forward_rows) == 0) continue;
        const BitparSweep& layout = sweeps[k] = layout_of(pieces[q], plans[q], backward);
        sweep_work[k++] = band_work(layout.m, layout.n, height_, lead, Band{layout.band_lo, layout.band_hi});
      }
    }
  });
  std::int64_t stripes = 0, corners = 0;
  BandWork work;  // the launch's cells, and its longest sweep's chain
  for (std::size_t k = 0; k < sweeps.size(); ++k) {
    BitparSweep& layout = sweeps[k];
    layout.progress_at = static_cast<cl_int>(stripes);
    layout.corners_at = static_cast<cl_int>(corners);
    stripes += layout.stripes;
    corners += layout.stripes + 1;
    work.cells += sweep_work[k].cells;
    work.chain = std::max(work.chain, sweep_work[k].chain);
  }
  if (stripes >= INT_MAX) throw Error(ErrorCode::input_too_long, "bitpar: too many stripes for one launch");
  costs_.cells += work.cells;

  // Bus slots: as many as stripes where they fit the budget, so that no stripe waits for
  // its slot; else each sweep's share, a ring of at least two. The budget holds the
  // edges too.
  // A sweep's slot in its ring, and its edge.
  const auto slot_bytes = [&](const BitparSweep& s) { return bus_slot_bytes(geometry_, static_cast<std::uint64_t>(s.n)); };
  const auto edge_bytes_of = [&](const BitparSweep& s) {
    return halves == Halves::whole ? 0 : bus_slot_bytes(geometry_, static_cast<std::uint64_t>(s.m));
  };
  std::uint64_t full = 0, edge_bytes = 0;
  bool own_slots = own_slots_for(work);  // and where every stripe has a slot of its own
  for (const BitparSweep& s : sweeps) {
    full += static_cast<std::uint64_t>(s.stripes) * slot_bytes(s);
    edge_bytes += edge_bytes_of(s);
  }
  const std::uint64_t budget = bus_budget_ - std::min(bus_budget_, edge_bytes);
  const std::int64_t asked = params_.at("slots");
  std::uint64_t bus_bytes = 0;
  for (BitparSweep& s : sweeps) {
    std::int64_t slots = asked > 0 ? asked
                         : full <= budget
                             ? s.stripes
                             : static_cast<std::int64_t>(static_cast<double>(s.stripes) * budget / full);
    slots = std::min<std::int64_t>(std::max<std::int64_t>(slots, 2), s.stripes);
    s.slots = static_cast<cl_int>(slots);
    own_slots = own_slots && slots == s.stripes;
    s.bus_at = static_cast<cl_long>(bus_bytes / bus_word_bytes(geometry_));
    bus_bytes += static_cast<std::uint64_t>(slots) * slot_bytes(s);
  }
  // The edges after the rings, together.
  const std::uint64_t edges_at = bus_bytes;
  for (BitparSweep& s : sweeps) {
    s.edge_at = edge_bytes_of(s) == 0 ? -1 : static_cast<cl_long>(bus_bytes / bus_word_bytes(geometry_));
    bus_bytes += edge_bytes_of(s);
  }
  // The claims: every sweep's stripe s before any sweep's stripe s + 1.
  std::vector<std::size_t> order(sweeps.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return sweeps[x].stripes > sweeps[y].stripes; });
  std::vector<cl_int> claims;
  claims.reserve(static_cast<std::size_t>(2 * stripes));
  for (cl_int s = 0; !order.empty() && s < sweeps[order.front()].stripes; ++s)
    for (const std::size_t k : order) {
      if (sweeps[k].stripes <= s) break;
      claims.push_back(static_cast<cl_int>(k));
      claims.push_back(s);
    }

  // bitpar.cl's pieces of `meet` rows or more in all meet on the device, behind their
  // sweeps: their meetings come back, not their edges.
  std::int64_t meeting_rows = 0;
  for (std::size_t q = 0; q < count; ++q) meeting_rows += PieceSides(pieces[q]).rows;
  const bool meet_here = halves == Halves::both && geometry_ == Geometry::lanes && meeting_rows >= params_.at("meet");
  const std::uint64_t table_bytes = sweeps.size() * (sizeof(BitparSweep) + sizeof(cl_int)) +
                                    static_cast<std::uint64_t>(stripes) * 3 * sizeof(cl_int) +
                                    static_cast<std::uint64_t>(corners) * sizeof(cl_ulong) +
                                    (meet_here ? count * (sizeof(BitparMeeting) + sizeof(BitparMet)) : 0);
  check_memory(info, {strings_.bytes + 2 * (size_a + size_b) + bus_bytes + table_bytes, bus_bytes},
               "bitpar's bus of " + gib(bus_bytes));
  peak_bytes_ = std::max(peak_bytes_, 2 * (size_a + size_b) + bus_bytes + table_bytes);

  std::vector<cl_int> values(meet_here ? 0 : sweeps.size());
  std::vector<unsigned char> edges(meet_here ? 0 : static_cast<std::size_t>(bus_bytes - edges_at));  // the sweeps' edges
  // Each piece's meeting: its sweeps' edges, wherever they meet.
  std::vector<BitparMeeting> meetings(halves == Halves::both ? count : 0);
  for (std::size_t q = 0, k = 0; q < meetings.size(); ++q) {
    BitparMeeting& to_meet = meetings[q];
    const auto edge = [&](std::size_t sweep, cl_long& at, cl_int& first, cl_int& last) {
      const BitparSweep& layout = sweeps[sweep];
      at = layout.edge_at;
      first = static_cast<cl_int>(edge_first_row(layout, height_));
      last = layout.m;
    };
    to_meet.forward_sweep = static_cast<cl_int>(k);
    edge(k++, to_meet.forward_at, to_meet.forward_first, to_meet.forward_last);
    to_meet.m = static_cast<cl_int>(PieceSides(pieces[q]).rows);
    if (plans[q].backward_rows > 0) {
      to_meet.backward_sweep = static_cast<cl_int>(k);
      edge(k++, to_meet.backward_at, to_meet.backward_first, to_meet.backward_last);
    } else {  // column 0
      to_meet.backward_sweep = -1;
      to_meet.backward_at = -1;
      to_meet.backward_first = 1;
      to_meet.backward_last = to_meet.m;
    }
    to_meet.unused = 0;
  }
  std::vector<BitparMet> met(meet_here ? count : 0);
  try {
    BitparArgs args;
    args.codes = buffers_.codes.buffer();
    args.stripe_values = buffers_.stripe_values.at_least(device_, sizeof(cl_int));  // whole sweeps leave none
    args.sweeps = buffers_.sweeps.at_least(device_, sweeps.size() * sizeof(BitparSweep));
    args.claims = buffers_.claims.at_least(device_, claims.size() * sizeof(cl_int));
    args.claim_count = static_cast<cl_int>(stripes);
    args.bus = buffers_.bus.at_least(device_, std::max<std::uint64_t>(bus_bytes, 8));
    if (!buffers_.progress || buffers_.progress->count() < static_cast<std::size_t>(stripes))
      buffers_.progress.emplace(device_.counters(static_cast<std::size_t>(stripes)));
    args.progress = buffers_.progress->buffer();
    args.top_left = buffers_.top_left.at_least(device_, static_cast<std::uint64_t>(corners) * sizeof(cl_ulong));
    args.next_stripe = buffers_.next.at_least(device_, sizeof(cl_int));
    args.result = buffers_.results.at_least(device_, sweeps.size() * sizeof(cl_int));
    cl::CommandQueue& queue = device_.queue();
    queue.enqueueWriteBuffer(args.sweeps, CL_FALSE, 0, sweeps.size() * sizeof(BitparSweep), sweeps.data());
    queue.enqueueWriteBuffer(args.claims, CL_FALSE, 0, claims.size() * sizeof(cl_int), claims.data());
    reset_launch(args, stripes, corners, own_slots, 0, edges_at);

    // Progress: the columns the stripes have published (INT_MAX once finished).
    std::vector<cl_int> widths(static_cast<std::size_t>(stripes));
    double total = 0;
    for (const BitparSweep& s : sweeps) {
      std::fill_n(widths.begin() + s.progress_at, s.stripes, s.n);
      total += static_cast<double>(s.stripes) * s.n;
    }
    const OpenDevice::Watch watch(device_, *buffers_.progress, [widths, total](const std::vector<cl_int>& done, ProgressMeter& meter) {
      double sum = 0;
      for (std::size_t k = 0; k < widths.size() && k < done.size(); ++k) sum += std::min(done[k], widths[k]);
      meter.part(sum / total);
    });
    BusySpan busy;  // the sweeps and their meetings
    if (meet_here) {
      const cl::Buffer table = buffers_.meetings.at_least(device_, count * sizeof(BitparMeeting));
      queue.enqueueWriteBuffer(table, CL_FALSE, 0, count * sizeof(BitparMeeting), meetings.data());
    }
    launched = std::chrono::steady_clock::now();
    run_stripes(kernel(own_slots, false), args, stripes, sweeps.size(), work, busy, [&] {
      if (!meet_here) return;
      cl::Kernel& meet = meet_kernel(own_slots);
      set_args(meet, MeetArgs{buffers_.bus.buffer(), args.result, buffers_.meetings.buffer(),
                              buffers_.met.at_least(device_, count * sizeof(BitparMet))});
      device_.launch(meet, count * meet_workgroup(), meet_workgroup(), busy.event(true));
      ++costs_.launches;
    });
    // Read once the launch is done, not enqueued behind it: NVIDIA's driver put the progress
    // counters' reads from the second queue after a read waiting on the running launch, and a
    // call's progress stood still until its end (test_context on the H200, session 63).
    if (meet_here) {
      queue.enqueueReadBuffer(buffers_.met.buffer(), CL_FALSE, 0, count * sizeof(BitparMet), met.data());
    } else {
      queue.enqueueReadBuffer(args.result, CL_FALSE, 0, values.size() * sizeof(cl_int), values.data());
      // The sweeps' edges, in one read (an enqueue costs microseconds).
      if (!edges.empty())
        queue.enqueueReadBuffer(buffers_.bus.buffer(), CL_FALSE, edges_at, edges.size(), edges.data());
    }
    queue.finish();  // where a kernel failed, its error
    read = std::chrono::steady_clock::now();
    costs_.kernel_seconds += busy.seconds();
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running bitpar on " + info.name);
  }

  if (meet_here) {
    for (std::size_t q = 0; q < count; ++q) {
      const BitparMet& at = met[q];
      const Meeting found = at.sum == std::numeric_limits<std::int64_t>::max()
                                ? Meeting{}  // no row of both edges
                                : Meeting{at.sum, at.i, at.forward, at.sum - at.forward};
      out.push_back(breakpoint_of(pieces[q], plans[q], found));
    }
  } else if (halves == Halves::whole) {
    for (std::size_t q = 0; q < count; ++q) {  // a sweep each: its value at (m, n)
      Breakpoint b;
      b.distance = values[q];
      out.push_back(b);
    }
  } else {
    // Each meeting's edges where they lie in `edges`; column 0 (no backward sweep) has none,
    // and its value at its last row, m, is m.
    std::vector<Edge> forwards, backwards;
    std::vector<std::int64_t> rows;
    forwards.reserve(count);
    backwards.reserve(count);
    rows.reserve(count);
    const auto edge_of = [&](cl_long at, cl_int first, cl_int last, cl_int sweep) {
      if (at < 0) return Edge{{geometry_, nullptr}, first, last, last};
      return Edge{{geometry_, edges.data() + (static_cast<std::uint64_t>(at) * bus_word_bytes(geometry_) - edges_at)},
                  first, last, values[static_cast<std::size_t>(sweep)]};
    };
    for (const BitparMeeting& p : meetings) {
      forwards.push_back(edge_of(p.forward_at, p.forward_first, p.forward_last, p.forward_sweep));
      backwards.push_back(edge_of(p.backward_at, p.backward_first, p.backward_last, p.backward_sweep));
      rows.push_back(p.m);
    }
    const std::vector<Meeting> meetings = meet_pieces(forwards, backwards, rows);
    for (std::size_t q = 0; q < count; ++q) out.push_back(breakpoint_of(pieces[q], plans[q], meetings[q]));
  }
  const auto ms = [](auto from, auto to) { return std::chrono::duration<double, std::milli>(to - from).count(); };
  log().debug("bitpar: {} piece(s), {} sweep(s), {} stripes of {} rows ({:.0f} at work at once), bus {} ({}); ms: plan "
              "{:.2f}, run and read {:.2f}, meet {:.2f}",
              count, sweeps.size(), stripes, height_, stripes_at_once(work), gib(bus_bytes),
              own_slots ? "slots of their own" : "through progress", ms(started, launched), ms(launched, read),
              ms(read, std::chrono::steady_clock::now()));
}

}  // namespace levcl::detail
