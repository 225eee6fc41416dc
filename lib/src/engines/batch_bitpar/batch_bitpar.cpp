// The batch_bitpar family (cl/batch_bitpar.cl, a chunk's layout in cl/batch_bitpar.h):
// `batch-bitpar`, every pair of a batch in one launch per size class: a work-item per pair,
// or 32 per pair over 256 rows (`lanes`).
//
// The host moves bytes; the device does the rest. A batch runs in chunks that fit the
// host's and the device's budgets; for each, the host's threads claim the strings its pairs
// use (each once however many pairs use it; none where each pair brings its own two),
// copy their bytes, or their bases where they are DNA, into pinned memory and list strings
// and pairs, and the device finds the byte values present (the chunk's symbol codes, so
// every byte value works), builds the match masks of the pairs' rows (the shorter strings)
// and computes the pairs, counting those whose band must widen. Pairs are launched by size class (the 32-row
// blocks of a stripe: 1, 2, 4 or 8, the fewest that hold the shorter string), so a launch's
// work-items carry only the registers their pairs need; longer strings take several
// stripes of 8, or with `lanes` a workgroup of 32 each. While the device runs a chunk, the
// host packs the next one.
//
// Each pair computes a band (cl/batch_bitpar.cl): with the caller's k, that k; else its
// length difference plus `band`, doubled for the pairs whose distance turns out larger
// (edlib's rule, pair by pair), so similar pairs cost O(n k / 32), not O(n m / 32). A
// batch of long pairs learns its `band` on a probe of a few hundred first.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstring>
#include <memory>
#include <numeric>
#include <optional>
#include <vector>

#include "cl/batch_bitpar.h"
#include "engines/batch_bitpar/long_pairs.hpp"
#include "engines/bitpar/bitpar.hpp"
#include "engines/bitpar/bitpar_sweeps.hpp"
#include "engines/registry.hpp"
#include "runtime/bases.hpp"
#include "runtime/clock.hpp"
#include "runtime/devices.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"
#include "runtime/streaming_writer.hpp"

namespace levcl::detail {
namespace {

// The size classes: the 32-row blocks of a stripe. A work-item's stripe (WORDS of its
// program, the first four classes) of h rows computes h + (band width) columns of a banded
// pair, and its match masks (rows x WORDS words per work-item) should stay in the L1
// cache, so stripes stay short: longer strings take several stripes of 8 blocks. With
// `lanes` 32, they take the last class instead: 32 work-items per pair, a block each
// (batch_bitpar_lanes), so that 10^5 pairs of 10 kbp fill a GPU.
constexpr std::array<std::uint32_t, 5> kClassWords = {1, 2, 4, 8, BATCH_LANES};
constexpr std::size_t kLanesClass = 4;
constexpr std::int64_t kStripeRows = 32 * kClassWords[kLanesClass - 1];
constexpr std::size_t kChunkPairs = std::size_t{1} << 22;
// Pairs of a chunk at most, where the whole batch would fit in one: the device computes a
// chunk while the host packs the next, and a GPU still holds a chunk's work-items at once
// (10^6 pairs of 150 bp on the H100 in four chunks: 30-34 ms end to end, 34-48 in one; in
// eight, after session 50's packing, 20-32 ms against 18-19: each chunk's passes and launches).
constexpr std::size_t kPipelinePairs = std::size_t{1} << 18;
// Bytes of strings a chunk holds at most, for the same pipeline where pairs are long: the
// device waits only for the first chunk's gather (10^5 pairs of 10 kbp at 90%, 2 GB, took
// 25 ms to gather on the H100 hosts' 32 threads before their kernels' 165 ms; 34 ms for the
// half that one of two GPUs takes, on half the threads). With run_chunks' two queues, on the
// four-H100 host: 0.209 -> 0.178 s on one GPU, 0.142 -> 0.101 on two, 0.087 -> 0.065 on four.
constexpr std::uint64_t kPipelineBytes = std::uint64_t{128} << 20;
// Each host thread queues the copy of its share of a chunk's bytes in parts of about this
// many, up to kMostParts, each as soon as gathered: the bus copies while the host gathers
// (10^6 pairs of 150 bp are 300 MB of bytes, 75 MB of bases: 5.5 and 1.4 ms of copying at
// the bus's 54.8 GB/s from pinned memory on the H100).
constexpr std::uint64_t kPartBytes = std::uint64_t{1} << 20;
constexpr std::uint64_t kMostParts = 8;
// Slices of a pass over a chunk's pairs per host thread: a pass ends with its last slice,
// and on the H100 host, whose 16 threads the driver's own share, a thread that lost its core
// held a pass of one slice a thread up for milliseconds (the same pass took 2.4-11 ms).
constexpr unsigned kSlicesPerThread = 4;
// Pairs ahead whose strings the gather asks for before it copies a pair's: their bytes lie
// wherever the caller put them, a pointer away.
constexpr std::size_t kReadAhead = 8;
// Pairs of a probe for the first band (run_batch): at most, about; a quarter of the batch's
// long pairs when fewer (a share of a batch dealt to four GPUs), down to the least that
// shows a 90th percentile.
constexpr std::size_t kProbePairs = 256;
constexpr std::size_t kLeastProbePairs = 32;
// Device bytes of a row byte's match masks at the most codes (256 codes of 4 bytes per 32 rows).
constexpr std::uint64_t kMostMaskBytesPerRow = 32;
static_assert(sizeof(BatchString) == 16 && sizeof(BatchPair) == 8, "cl/batch_bitpar.h: a uint4 and a uint2");

// Cells one work-item computes per second, a pair's chain of work when nothing hides its
// latency: on the H100 (at a283904) the SARS-CoV-2 all-vs-all computed 3.65e12 cells in
// 3.43 s over 87,153 work-items (1.2e7 each), 10^5 pairs of 10 kbp 2.45e12 in 0.715 s
// (3.4e7 each); on the CI machine's POCL (AMD EPYC, 2 cores) batches of 8, 64 and 2,000
// pairs of 1-10 kbp at 90% (levcl-bench --batch) 7.5e9 cells per second a core, eight
// work-items to a core (cost_model.hpp's resident_work_items).
constexpr double kGpuItemCellsPerSecond = 2e7;
constexpr double kCpuItemCellsPerSecond = 9e8;
// The same for a lane of a workgroup on a pair (the lanes class): on the H100 (at 521de69)
// 10^5 pairs of 10 kbp at 90% computed 4.6e12 cells in 0.397 s of kernels, 4,224
// workgroups resident (32 per compute unit), so 24 rounds of 16.5 ms for a pair's 4.6e7
// cells over 32 lanes; on POCL (the machine above) 64 such pairs took 1.75 times as long
// with lanes as with a work-item each. Both with 32-row blocks: the 64-row ones came after
// (1.0-1.13 times as fast on the H100), so the rate is a lower bound now.
constexpr double kGpuLaneCellsPerSecond = 8.7e7;
constexpr double kCpuLaneCellsPerSecond = kCpuItemCellsPerSecond / 32 / 1.75;

std::uint32_t words_of(std::uint64_t m) { return static_cast<std::uint32_t>((m + 31) / 32); }

// Rows of a class's stripe: a work-item's words, or a workgroup's lanes of BATCH_LANE_ROWS.
std::int64_t class_height(std::size_t c) {
  return c == kLanesClass ? std::int64_t{BATCH_LANE_ROWS} * BATCH_LANES : 32 * std::int64_t{kClassWords[c]};
}

// Whether the pairs longer than a work-item's stripe take a workgroup each (the `lanes`
// parameter; 0: on a GPU, where a barrier is cheap and work-items are many).
bool lanes_for(const Params& params, const DeviceInfo& device) {
  const std::int64_t lanes = params.at("lanes");
  if (lanes != 0 && lanes != 1 && lanes != BATCH_LANES)
    throw Error(ErrorCode::invalid_argument, "batch-bitpar takes lanes=0, 1 or " + std::to_string(BATCH_LANES) +
                                                 ", not " + std::to_string(lanes));
  return lanes == BATCH_LANES || (lanes == 0 && device.type == "gpu");
}

// The size class of a pair whose shorter string has m bytes: the fewest blocks that hold
// its rows, at most the last class's (with lanes) or the one before.
std::size_t class_of(std::int64_t m, bool lanes) {
  const std::size_t last = lanes ? kLanesClass : kLanesClass - 1;
  std::size_t c = 0;
  while (c < last && kClassWords[c] < words_of(m)) ++c;
  return c;
}

// A pair's strings as the kernel takes them: rows the shorter.
struct Sides {
  std::uint32_t rows, columns;
  std::int64_t m, n;
};
Sides sides_of(const BatchCall& call, std::size_t i) {
  const IndexPair p = call.pairs[i];
  const std::int64_t a = static_cast<std::int64_t>(call.strings[p.a].size());
  const std::int64_t b = static_cast<std::int64_t>(call.strings[p.b].size());
  return a <= b ? Sides{p.a, p.b, a, b} : Sides{p.b, p.a, b, a};
}

// The caller's k as the kernels take it (-1: none).
cl_int max_k_of(const BatchCall& call) { return static_cast<cl_int>(std::clamp<std::int64_t>(call.max_distance, -1, INT_MAX)); }

// A pair's first bound (cl/batch_bitpar.h), and the cells of its pass under a bound in
// size class c.
cl_int first_bound_of(const Sides& s, cl_int band, cl_int max_k) {
  return batch_first_bound(static_cast<cl_int>(s.m), static_cast<cl_int>(s.n), band, max_k);
}
std::uint64_t pass_cells(const Sides& s, std::size_t c, cl_int bound) {
  return band_cells(s.m, s.n, class_height(c), band_for(s.m, s.n, bound));
}

// A pair's bus: n bytes where its rows take more than one stripe of its class.
std::int64_t bus_units(const Sides& s, bool lanes) {
  return s.m > class_height(class_of(s.m, lanes)) ? (s.n + BUS_ALIGN - 1) / BUS_ALIGN : 0;
}

// A string's bytes in a chunk: its length up to whole bytes of bases, so that the chunk's
// layout holds whether it goes in as bases or as bytes.
std::uint64_t padded(std::uint64_t length) {
  return (length + BASES_PER_BYTE - 1) / BASES_PER_BYTE * BASES_PER_BYTE;
}

// A string's mark for each chunk that holds it, claimed by one host thread.
class Stamps {
 public:
  void cover(std::size_t strings) {
    if (strings > size_) {
      size_ = strings;
      marks_ = std::make_unique<std::atomic<std::uint32_t>[]>(size_);
      clear();
    }
  }
  void clear() {
    for (std::size_t i = 0; i < size_; ++i) marks_[i].store(0, std::memory_order_relaxed);  // 0: no chunk's mark
  }
  // True for the one caller that marks s first with `mark`.
  bool claim(std::uint32_t s, std::uint32_t mark) {
    return marks_[s].load(std::memory_order_relaxed) != mark && marks_[s].exchange(mark, std::memory_order_relaxed) != mark;
  }
  void set(std::uint32_t s, std::uint32_t mark) { marks_[s].store(mark, std::memory_order_relaxed); }
  bool has(std::uint32_t s, std::uint32_t mark) const { return marks_[s].load(std::memory_order_relaxed) == mark; }

 private:
  std::unique_ptr<std::atomic<std::uint32_t>[]> marks_;
  std::size_t size_ = 0;
};

// A chunk's packing and its device copies; two alternate, so one fills while the other runs.
struct Slot {
  explicit Slot(OpenDevice& device)
      : raw(device), bases(device), table(device), pairs(device), ids(device), distances(device), again(device),
        finished(device.counters(BATCH_FINISHED_COUNTERS)) {
    again.reserve(1);
  }
  cl::CommandQueue* queue = nullptr;  // its copies and launches, in order (run_chunks's choice)
  std::size_t begin = 0, end = 0;  // its pairs: packed[begin .. end - 1] of run_batch
  Pinned<std::uint8_t> raw;        // its strings' bytes
  Pinned<std::uint8_t> bases;      // or their bases, four to a byte (cl/batch_bitpar.h)
  bool as_bases = false;           // which of the two went in
  Pinned<BatchString> table;       // its strings: row strings first
  Pinned<BatchPair> pairs;
  Pinned<cl_uint> ids;             // the pairs the pass computes, by size class
  Pinned<cl_int> distances;
  Pinned<cl_uint> again;           // the pass's pairs over their bound (finish_pair)
  std::array<std::uint32_t, kClassWords.size() + 1> ids_start{};
  std::uint64_t raw_bytes = 0, strings = 0, row_strings = 0, row_words = 0, bus_units = 0;
  std::uint32_t code_count = 0;
  std::uint64_t first_cells = 0;  // the first pass's cells
  bool first_cells_known = true;   // false: packed before its band was known, counted by collect
  cl_int band = 0;             // its pairs' first bound beyond their length difference
  std::vector<cl_int> bounds;  // per pair: its k in a pass after the first
  bool first_pass = true;
  GrowingBuffer d_raw, d_bases, d_table, d_pairs, d_ids, d_peq, d_bounds, d_bus, d_bus_used, d_present, d_distances,
      d_again;
  DeviceCounters finished;  // the pass's pairs finished, read as it runs
  cl::Event done;
  BusySpan busy;  // its launches, from its first to its last: the device's time on the chunk
};

// The two slots and the strings' marks, kept on the device from call to call: pinned and
// device buffers, and host tables, are allocated once for a run of calls (a stream's
// chunks, a caller's batches), not per call.
struct Slots {
  explicit Slots(OpenDevice& device) : slot{Slot(device), Slot(device)}, probe(device) {}
  Slot slot[2];
  Slot probe;  // a batch's probe (run_chunks), beside the first two chunks'
  Stamps in_chunk, as_rows;   // a string's bytes in the chunk; its masks
  std::uint32_t mark = 0;     // the last chunk's
  std::vector<std::uint32_t> index_of;  // a string's entry in its chunk's table
  std::vector<std::uint32_t> packed;    // the call's pairs with cells to compute
  std::vector<std::vector<std::uint32_t>> by_slice;  // and each host thread's share of them
};

// Where chunks of the pairs ids[0 .. count - 1] end: each chunk's pairs' strings and tables within the host's budget, and with the
// masks at the most codes and the buses, within the device's. Where the whole batch fits
// with every pair as long as its longest string (`longest`, known: no pass over the pairs)
// or counted without shared strings, chunks of equal counts, of kPipelinePairs and about
// kPipelineBytes at most; else pair by pair, each string once, within kPipelineBytes.
std::vector<std::size_t> chunk_ends(const BatchCall& call, const std::uint32_t* ids, std::size_t count, bool lanes,
                                    std::int64_t longest, std::uint64_t host_budget, std::uint64_t device_budget) {
  const bool bases = call.params.at("bases") != 0;  // a chunk may need its bases' buffer too
  const auto cost = [&](const Sides& s, bool new_rows, bool new_columns, std::uint64_t& host, std::uint64_t& device) {
    const std::uint64_t bytes = (new_rows ? padded(s.m) : 0) + (new_columns ? padded(s.n) : 0);
    const std::uint64_t strings = bytes + (std::uint64_t{new_rows} + new_columns) * sizeof(BatchString);
    host += strings + sizeof(BatchPair) + 2 * sizeof(cl_uint);
    device += strings + (bases ? bytes / BASES_PER_BYTE : 0) + sizeof(BatchPair) + 3 * sizeof(cl_uint) +
              (new_rows ? kMostMaskBytesPerRow * s.m : 0) + static_cast<std::uint64_t>(bus_units(s, lanes)) * BUS_ALIGN;
  };
  // Where the whole batch fits (`host` bytes at most): chunks of equal counts, each within it.
  const auto even_ends = [count](std::uint64_t host) {
    const std::size_t chunks = std::min<std::size_t>(
        count, std::max<std::size_t>((count + kPipelinePairs - 1) / kPipelinePairs, (host + kPipelineBytes - 1) / kPipelineBytes));
    std::vector<std::size_t> ends;
    for (std::size_t c = 1; c <= chunks; ++c) ends.push_back(count * c / chunks);
    return ends;
  };
  if (count <= kChunkPairs) {
    std::uint64_t h = 0, d = 0;
    cost(Sides{0, 0, longest, longest}, true, true, h, d);
    if (h * count <= host_budget && d * count <= device_budget) return even_ends(h * count);
  }
  const std::size_t slices = slice_count(count, call.threads, 4096);
  std::vector<std::uint64_t> host(slices), device(slices);
  parallel_slices(count, slices, call.threads, [&](std::size_t slice, std::size_t from, std::size_t to) {
    std::uint64_t h = 0, d = 0;  // summed apart: slices' neighbouring totals share a cache line
    for (std::size_t i = from; i < to; ++i) cost(sides_of(call, ids[i]), true, true, h, d);
    host[slice] = h;
    device[slice] = d;
  });
  std::uint64_t host_all = 0, device_all = 0;
  for (std::size_t s = 0; s < slices; ++s) host_all += host[s], device_all += device[s];
  if (count <= kChunkPairs && host_all <= host_budget && device_all <= device_budget) return even_ends(host_all);
  std::vector<std::size_t> ends;
  std::size_t string_count = 0;
  for (std::size_t k = 0; k < count; ++k)
    string_count = std::max<std::size_t>(string_count, std::max(call.pairs[ids[k]].a, call.pairs[ids[k]].b) + 1);
  std::vector<std::uint32_t> seen_rows(string_count, 0), seen_columns(string_count, 0);  // the chunk that has it so
  std::uint32_t chunk = 1;
  std::uint64_t host_bytes = 0, device_bytes = 0;
  std::size_t begin = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const Sides s = sides_of(call, ids[k]);
    const bool new_rows = seen_rows[s.rows] != chunk, new_columns = seen_columns[s.columns] != chunk && seen_rows[s.columns] != chunk;
    std::uint64_t h = 0, d = 0;
    cost(s, new_rows, new_columns, h, d);
    if (k > begin && (k - begin >= kChunkPairs || host_bytes + h > std::min(host_budget, kPipelineBytes) ||
                      device_bytes + d > device_budget)) {
      ends.push_back(k);
      begin = k;
      ++chunk;
      host_bytes = device_bytes = 0;
      h = d = 0;
      cost(s, true, true, h, d);
    }
    host_bytes += h;
    device_bytes += d;
    seen_rows[s.rows] = chunk;
    seen_columns[s.columns] = chunk;
  }
  ends.push_back(count);
  return ends;
}

// Where a run's host time goes, for the debug log: what bounds a batch of short pairs.
struct Phases {
  double prepare = 0, choose = 0, claim = 0, gather = 0, list = 0, copy_in = 0, wait = 0, collect = 0;
  const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last = start;
  cl_ulong device_zero = 0;  // the device time (ns) of the first collected chunk's start: the debug lines' timeline
  std::vector<BusySpan::Interval> spans;  // the collected chunks' kernels, overlapping where their queues ran side by side
  double since_start() const { return 1e3 * seconds_since(start); }
  void lap(double& phase) {
    const auto now = std::chrono::steady_clock::now();
    phase += std::chrono::duration<double>(now - last).count();
    last = now;
  }
};

// The seconds the spans cover, each instant once.
double union_seconds(std::vector<BusySpan::Interval> spans) {
  std::sort(spans.begin(), spans.end(), [](const BusySpan::Interval& x, const BusySpan::Interval& y) { return x.start < y.start; });
  cl_ulong covered = 0, until = 0;
  for (const BusySpan::Interval& span : spans) {
    if (span.end <= until) continue;
    covered += span.end - std::max(span.start, until);
    until = span.end;
  }
  return 1e-9 * static_cast<double>(covered);
}

// Packs slot.begin .. slot.end of packed into slot on the host's threads: claims each
// string once (row strings first in the table, by the offsets of their masks), copies its
// bytes, lists the pairs by size class. Where the pairs bring their own strings (`own`:
// pair i's are strings 2i and 2i + 1, as Context::distances lays out pairs of views), no
// string is claimed: each pair's two are placed and the pair listed in one pass (10^6
// pairs of 150 bp: the claims' two passes and the list's were a fifth of the host's time,
// memory-bound like the copy itself). Each thread queues the device's copies of its bytes
// itself, part by part as it gathers them (OpenCL's queues take commands from any
// thread): no thread waits on another. With `try_bases`, they go as bases until a string
// holds another byte, then again as bytes. The slot's buffers were last used two chunks
// ago, whose launches have been waited for.
void pack(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& packed, bool lanes, bool own,
          bool try_bases, Slots& kept, Slot& slot, Phases& phases) {
  const std::size_t count = slot.end - slot.begin;
  if (++kept.mark == 0) {  // the marks wrapped: none may match an old one
    kept.in_chunk.clear();
    kept.as_rows.clear();
    kept.mark = 1;
  }
  const std::uint32_t mark = kept.mark;
  const std::size_t slices = slice_count(count, kSlicesPerThread * call.threads, 1024);
  struct alignas(64) Share {  // a cache line of its own: each thread counts in its share, pair by pair
    std::vector<std::uint32_t> claimed;
    std::array<std::uint32_t, kClassWords.size()> classes{};
    std::uint64_t bus_units = 0, raw = 0, rows = 0, others = 0, words = 0;  // then where its own start
    std::uint64_t cells = 0;  // of the first pass
  };
  std::vector<Share> shares(slices);
  const cl_int max_k = max_k_of(call);
  parallel_slices(count, slices, call.threads, [&](std::size_t slice, std::size_t from, std::size_t to) {
    Share& share = shares[slice];
    for (std::size_t i = from; i < to; ++i) {
      const Sides s = sides_of(call, packed[slot.begin + i]);
      const std::size_t c = class_of(s.m, lanes);
      share.cells += pass_cells(s, c, first_bound_of(s, slot.band, max_k));
      if (own) {
        share.raw += padded(s.m) + padded(s.n);
        ++share.rows;
        ++share.others;
        share.words += words_of(s.m);
      } else {
        if (kept.in_chunk.claim(s.rows, mark)) share.claimed.push_back(s.rows);
        if (kept.in_chunk.claim(s.columns, mark)) share.claimed.push_back(s.columns);
        kept.as_rows.set(s.rows, mark);
      }
      ++share.classes[c];
      share.bus_units += static_cast<std::uint64_t>(bus_units(s, lanes));
    }
  });
  if (!own)
    parallel_each(slices, call.threads, [&](std::size_t slice) {
      Share& share = shares[slice];
      for (const std::uint32_t s : share.claimed) {
        const std::uint64_t length = call.strings[s].size();
        share.raw += padded(length);
        if (kept.as_rows.has(s, mark)) {
          ++share.rows;
          share.words += words_of(length);
        } else {
          ++share.others;
        }
      }
    });
  // Each share's start: its bytes, row strings, other strings, words of masks, pairs of each class.
  slot.raw_bytes = slot.row_strings = slot.row_words = slot.bus_units = slot.first_cells = 0;
  std::uint64_t others = 0;
  std::array<std::uint32_t, kClassWords.size()> class_total{};
  for (Share& share : shares) {
    const std::uint64_t raw = share.raw, rows = share.rows, other = share.others, words = share.words;
    share.raw = slot.raw_bytes, share.rows = slot.row_strings, share.others = others, share.words = slot.row_words;
    slot.raw_bytes += raw, slot.row_strings += rows, others += other, slot.row_words += words;
    slot.bus_units += share.bus_units;
    slot.first_cells += share.cells;
    for (std::size_t c = 0; c < kClassWords.size(); ++c) class_total[c] += share.classes[c];
  }
  slot.strings = slot.row_strings + others;
  slot.ids_start[0] = 0;
  for (std::size_t c = 0; c < kClassWords.size(); ++c) slot.ids_start[c + 1] = slot.ids_start[c] + class_total[c];
  std::array<std::uint32_t, kClassWords.size()> class_at{};
  for (std::size_t c = 0; c < kClassWords.size(); ++c) class_at[c] = slot.ids_start[c];
  for (Share& share : shares)
    for (std::size_t c = 0; c < kClassWords.size(); ++c) {
      const std::uint32_t n = share.classes[c];
      share.classes[c] = class_at[c];
      class_at[c] += n;
    }

  BatchString* table = slot.table.reserve(slot.strings);
  BatchPair* pairs = slot.pairs.reserve(count);
  cl_uint* ids = slot.ids.reserve(count);
  slot.distances.reserve(count);
  struct Start {
    std::uint64_t raw, rows, others, words;
    std::array<std::uint32_t, kClassWords.size()> classes;
  };
  std::vector<Start> starts(slices);
  for (std::size_t slice = 0; slice < slices; ++slice)
    starts[slice] = {shares[slice].raw, shares[slice].rows, shares[slice].others, shares[slice].words, shares[slice].classes};
  // Every string's bytes in place, as bases or as bytes; false where a string is not bases.
  const auto gather = [&](bool as_bases) {
    slot.as_bases = as_bases;
    const std::uint64_t per_byte = as_bases ? BASES_PER_BYTE : 1;
    const std::uint64_t bytes = std::max<std::uint64_t>(1, slot.raw_bytes / per_byte);
    std::uint8_t* out = (as_bases ? slot.bases : slot.raw).reserve(bytes);
    // Whole words of unpack_bases's reads where bases.
    cl::Buffer& target = (as_bases ? slot.d_bases : slot.d_raw).at_least(device, (bytes + 3) / 4 * 4);
    std::atomic<bool> other_bytes{false};
    parallel_each(slices, call.threads, [&](std::size_t slice) {
      Share& share = shares[slice];
      share.raw = starts[slice].raw, share.rows = starts[slice].rows, share.others = starts[slice].others,
      share.words = starts[slice].words, share.classes = starts[slice].classes;
      std::optional<StreamingWriter> bytes_out;  // a part's bytes, where they go as bytes
      // Places string s in the table and its bytes after the share's last; its table index,
      // or none where it is not bases and should be.
      const auto place = [&](std::uint32_t s, bool rows) -> std::optional<std::uint32_t> {
        const std::string_view text = call.strings[s];
        if (as_bases) {
          if (other_bytes.load(std::memory_order_relaxed)) return std::nullopt;
          if (!pack_bases(text, out + share.raw / BASES_PER_BYTE)) {
            other_bytes.store(true, std::memory_order_relaxed);
            return std::nullopt;
          }
        } else {
          std::uint8_t last[BASES_PER_BYTE];  // the padding: the last byte again
          std::memset(last, text.back(), sizeof(last));
          bytes_out->append(text.data(), text.size());
          bytes_out->append(last, padded(text.size()) - text.size());
        }
        const std::uint64_t index = rows ? share.rows++ : slot.row_strings + share.others++;
        table[index] = {static_cast<cl_uint>(share.raw), static_cast<cl_uint>(text.size()),
                        static_cast<cl_uint>(rows ? share.words : 0), 0};
        share.raw += padded(text.size());
        if (rows) share.words += words_of(text.size());
        return static_cast<std::uint32_t>(index);
      };
      // The share's units: its pairs where they bring their own strings, else its claims.
      const std::size_t first_pair = count * slice / slices;
      const std::size_t total = own ? count * (slice + 1) / slices - first_pair : share.claimed.size();
      const std::uint64_t end = slice + 1 < slices ? starts[slice + 1].raw : slot.raw_bytes;
      const std::uint64_t parts = std::clamp<std::uint64_t>((end - share.raw) / per_byte / kPartBytes, 1, kMostParts);
      for (std::uint64_t part = 0; part < parts; ++part) {
        const std::uint64_t from = share.raw;
        if (!as_bases) bytes_out.emplace(out + from);
        for (std::size_t c = total * part / parts; c < total * (part + 1) / parts; ++c) {
          if (own) {
            const std::size_t i = first_pair + c;
            if (c + kReadAhead < total) {  // the strings a few pairs on, on their way from memory
              const IndexPair ahead = call.pairs[packed[slot.begin + i + kReadAhead]];
              __builtin_prefetch(call.strings[ahead.a].data());
              __builtin_prefetch(call.strings[ahead.b].data());
            }
            const Sides s = sides_of(call, packed[slot.begin + i]);
            const std::optional<std::uint32_t> rows = place(s.rows, true), columns = place(s.columns, false);
            if (!rows || !columns) return;
            pairs[i] = {*rows, *columns};
            ids[share.classes[class_of(s.m, lanes)]++] = static_cast<cl_uint>(i);
          } else {
            const std::uint32_t s = share.claimed[c];
            const std::optional<std::uint32_t> index = place(s, kept.as_rows.has(s, mark));
            if (!index) return;
            kept.index_of[s] = *index;
          }
        }
        bytes_out.reset();  // its bytes in memory before the copy is queued
        if (share.raw > from)
          slot.queue->enqueueWriteBuffer(target, CL_FALSE, from / per_byte, (share.raw - from) / per_byte,
                                         out + from / per_byte);
      }
    });
    return !other_bytes;
  };
  phases.lap(phases.claim);
  if (!try_bases || !gather(true)) gather(false);
  phases.lap(phases.gather);
  if (own) return;
  parallel_slices(count, slices, call.threads, [&](std::size_t slice, std::size_t from, std::size_t to) {
    Share& share = shares[slice];
    for (std::size_t i = from; i < to; ++i) {
      const Sides s = sides_of(call, packed[slot.begin + i]);
      pairs[i] = {kept.index_of[s.rows], kept.index_of[s.columns]};
      ids[share.classes[class_of(s.m, lanes)]++] = static_cast<cl_uint>(i);
    }
  });
}

struct BatchArgs {
  cl::Buffer pairs, strings, raw, present;
  cl_uint code_count;
  cl::Buffer peq, ids;
  cl_uint first, count;
  cl_int first_pass, band, max_k;
  cl::Buffer bounds, bus, bus_used, distances, again, finished;
  auto fields() const {
    return std::tie(pairs, strings, raw, present, code_count, peq, ids, first, count, first_pass, band, max_k, bounds,
                    bus, bus_used, distances, again, finished);
  }
};

// Queues one pass over the pairs slot.ids lists: each size class's launch, the distances back.
void launch_pass(OpenDevice& device, const BatchCall& call, Slot& slot, std::size_t listed, BatchResult& out) {
  cl::CommandQueue& queue = *slot.queue;
  const std::size_t count = slot.end - slot.begin;
  BatchArgs args;
  args.pairs = slot.d_pairs.buffer();
  args.strings = slot.d_table.buffer();
  args.raw = slot.d_raw.buffer();
  args.present = slot.d_present.buffer();
  args.code_count = slot.code_count;
  args.peq = slot.d_peq.buffer();
  args.ids = slot.d_ids.at_least(device, count * sizeof(cl_uint));
  args.first_pass = slot.first_pass ? 1 : 0;
  args.band = slot.band;
  args.max_k = max_k_of(call);
  args.bounds = slot.d_bounds.at_least(device, std::max<std::size_t>(1, slot.first_pass ? 1 : count) * sizeof(cl_int));
  args.bus = slot.d_bus.at_least(device, std::max<std::uint64_t>(1, slot.bus_units) * BUS_ALIGN);
  args.bus_used = slot.d_bus_used.at_least(device, sizeof(cl_uint));
  args.distances = slot.d_distances.buffer();
  args.again = slot.d_again.at_least(device, sizeof(cl_uint));
  args.finished = slot.finished.buffer();
  queue.enqueueFillBuffer(args.finished, cl_int{0}, 0, BATCH_FINISHED_COUNTERS * sizeof(cl_int));
  queue.enqueueFillBuffer(args.bus_used, cl_uint{0}, 0, sizeof(cl_uint));
  queue.enqueueFillBuffer(args.again, cl_uint{0}, 0, sizeof(cl_uint));
  queue.enqueueWriteBuffer(args.ids, CL_FALSE, 0, listed * sizeof(cl_uint), slot.ids.data());
  if (!slot.first_pass) queue.enqueueWriteBuffer(args.bounds, CL_FALSE, 0, count * sizeof(cl_int), slot.bounds.data());
  const std::size_t wg = static_cast<std::size_t>(call.params.at("wg"));
  for (std::size_t k = 0; k < kClassWords.size(); ++k) {
    args.first = slot.ids_start[k];
    args.count = slot.ids_start[k + 1] - slot.ids_start[k];
    if (args.count == 0) continue;
    if (k == kLanesClass) {  // a workgroup of 32 per pair: shuffles within a warp on NVIDIA
      const bool nvidia = nvidia_platform(device.info());
      cl::Kernel& kernel = device.kernel("batch_bitpar.cl", "batch_bitpar_lanes",
                                         std::string("-DWORDS=8 -DSHUFFLE=") + (nvidia ? "1" : "0"));
      device.check_launch(kernel, BATCH_LANES);
      set_args(kernel, args);
      device.launch(kernel, std::size_t{BATCH_LANES} * args.count, BATCH_LANES, slot.busy.event(true), slot.queue);
    } else {
      cl::Kernel& kernel = device.kernel("batch_bitpar.cl", "batch_bitpar", "-DWORDS=" + std::to_string(kClassWords[k]));
      device.check_launch(kernel, wg);
      set_args(kernel, args);
      device.launch_items(kernel, args.count, wg, slot.busy.event(true), slot.queue);
    }
    ++out.costs.launches;
  }
  queue.enqueueReadBuffer(args.distances, CL_FALSE, 0, count * sizeof(cl_int), slot.distances.data());
  queue.enqueueReadBuffer(args.again, CL_FALSE, 0, sizeof(cl_uint), slot.again.data(), nullptr, &slot.done);
}

// Copies the chunk's lists in (its bytes went in as pack gathered them), finds its codes
// and builds its masks on the device, and queues its first pass.
void launch(OpenDevice& device, const BatchCall& call, Slot& slot, BatchResult& out) {
  cl::CommandQueue& queue = *slot.queue;
  const std::size_t count = slot.end - slot.begin;
  const std::uint64_t raw_bytes = std::max<std::uint64_t>(1, slot.raw_bytes);
  queue.enqueueWriteBuffer(slot.d_table.at_least(device, slot.strings * sizeof(BatchString)), CL_FALSE, 0,
                           slot.strings * sizeof(BatchString), slot.table.data());
  queue.enqueueWriteBuffer(slot.d_pairs.at_least(device, count * sizeof(BatchPair)), CL_FALSE, 0,
                           count * sizeof(BatchPair), slot.pairs.data());
  slot.d_distances.at_least(device, count * sizeof(cl_int));
  cl::Buffer& present = slot.d_present.at_least(device, BATCH_BYTE_WORDS * sizeof(cl_uint));
  cl_uint values = 0;
  if (slot.as_bases) {
    // Its four codes all count as present (one no string holds has empty masks): no scan
    // of the bytes, no wait on the device.
    unpack_bases(device, slot.d_bases.buffer(), raw_bytes, BASES_CODES,
                 slot.d_raw.at_least(device, unpacked_bases_written(raw_bytes)), slot.busy.event(false), slot.queue);
    static const std::array<cl_uint, BATCH_BYTE_WORDS> kBases = {0xF};
    queue.enqueueWriteBuffer(present, CL_FALSE, 0, sizeof(kBases), kBases.data());
    values = BASES_PER_BYTE;
  } else {
    queue.enqueueFillBuffer(present, cl_uint{0}, 0, BATCH_BYTE_WORDS * sizeof(cl_uint));
    cl::Kernel& kernel = device.kernel("batch_bitpar.cl", "batch_present", "");
    const std::size_t wg = std::min<std::size_t>(64, kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device.device()));
    const std::size_t groups = std::clamp<std::uint64_t>(raw_bytes / (wg * 1024), 1, 4096);
    kernel.setArg(0, slot.d_raw.buffer());
    kernel.setArg(1, cl_ulong{slot.raw_bytes});
    kernel.setArg(2, present);
    device.launch(kernel, groups * wg, wg, slot.busy.event(false), slot.queue);
    // The codes' count sizes the masks: the one wait on the device before the chunk's launches.
    std::array<cl_uint, BATCH_BYTE_WORDS> bits{};
    queue.enqueueReadBuffer(present, CL_TRUE, 0, sizeof(bits), bits.data());
    for (const cl_uint b : bits) values += static_cast<cl_uint>(__builtin_popcount(b));
  }
  slot.code_count = batch_code_count(values);
  cl::Buffer& peq = slot.d_peq.at_least(device, std::max<std::uint64_t>(1, slot.code_count * slot.row_words) * sizeof(cl_uint));
  if (slot.row_words > 0) {
    cl::Kernel& kernel = device.kernel("batch_bitpar.cl", "batch_masks", "");
    const std::size_t wg = std::min<std::size_t>(64, kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device.device()));
    kernel.setArg(0, slot.d_table.buffer());
    kernel.setArg(1, static_cast<cl_uint>(slot.row_strings));
    kernel.setArg(2, static_cast<cl_uint>(slot.row_words));
    kernel.setArg(3, slot.d_raw.buffer());
    kernel.setArg(4, present);
    kernel.setArg(5, slot.code_count);
    kernel.setArg(6, peq);
    device.launch_items(kernel, slot.row_words, wg, slot.busy.event(false), slot.queue);
  }
  slot.first_pass = true;
  launch_pass(device, call, slot, count, out);
}

// Waits for the chunk's pass; the pairs whose distance is over a bound of their own
// choosing run again with twice the bound. Returns whether such a pass is in flight; when
// none is, every distance is exact and the chunk's are the call's, and its kernels' span in
// `phases`. The host's threads read the pass's results.
bool collect_pass(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& packed, Slot& slot,
                  Phases& phases, BatchResult& out) {
  const OpenDevice::Watch watch(device, slot.finished, [](const std::vector<cl_int>& counts, ProgressMeter& meter) {
    std::uint64_t sum = 0;
    for (const cl_int c : counts) sum += static_cast<std::uint64_t>(c);
    meter.pairs_in_launch(sum);
  });
  const std::size_t count = slot.end - slot.begin;
  const cl_int band = slot.band;
  const cl_int max_k = max_k_of(call);
  if (slot.bounds.size() < count) slot.bounds.resize(count);
  device.wait(&slot.done);
  phases.lap(phases.wait);
  if (slot.first_pass && slot.again.data()[0] == 0 && slot.first_cells_known) {  // every pair within its first bound: no pass over them
    out.costs.cells += slot.first_cells;
  } else {
    const cl_int* distances = slot.distances.data();
    const std::size_t listed = slot.ids_start.back();
    const std::size_t slices = slice_count(listed, call.threads, 4096);
    struct alignas(64) Share {  // a cache line of its own, as pack's
      std::array<std::vector<cl_uint>, kClassWords.size()> again;
      std::uint64_t cells = 0;
    };
    std::vector<Share> shares(slices);
    parallel_slices(listed, slices, call.threads, [&](std::size_t slice, std::size_t from, std::size_t to) {
      Share& share = shares[slice];
      for (std::size_t c = 0; c < kClassWords.size(); ++c)
        for (std::size_t i = std::max<std::size_t>(from, slot.ids_start[c]); i < std::min<std::size_t>(to, slot.ids_start[c + 1]); ++i) {
          const cl_uint p = slot.ids.data()[i];
          const Sides s = sides_of(call, packed[slot.begin + p]);
          const cl_int bound = slot.first_pass ? first_bound_of(s, band, max_k) : slot.bounds[p];
          share.cells += pass_cells(s, c, bound);
          if (!batch_runs_again(distances[p], bound, static_cast<cl_int>(s.n), max_k)) continue;
          // D' is the cost of an alignment (the overestimates outside the band are costs of
          // paths too), so a bound of D' holds the distance: it caps the doubling.
          slot.bounds[p] = static_cast<cl_int>(std::min<std::int64_t>({s.n, std::int64_t{2} * bound, distances[p]}));
          share.again[c].push_back(p);
        }
    });
    std::size_t again = 0;
    cl_uint* ids = slot.ids.data();
    for (std::size_t c = 0; c < kClassWords.size(); ++c) {
      slot.ids_start[c] = static_cast<std::uint32_t>(again);
      for (const Share& share : shares)
        for (const cl_uint p : share.again[c]) ids[again++] = p;
    }
    slot.ids_start.back() = static_cast<std::uint32_t>(again);
    for (const Share& share : shares) out.costs.cells += share.cells;
    if (again > 0) {
      log().debug("batch-bitpar: {} pairs again with twice their bound", again);
      slot.first_pass = false;
      launch_pass(device, call, slot, again, out);
      return true;
    }
  }
  parallel_slices(count, slice_count(count, kSlicesPerThread * call.threads, 1024), call.threads,
                  [&](std::size_t, std::size_t from, std::size_t to) {
                    for (std::size_t i = from; i < to; ++i) out.distances[packed[slot.begin + i]] = slot.distances.data()[i];
                  });
  device.progress().add_pairs(count);
  const BusySpan::Interval busy = slot.busy.interval();
  phases.spans.push_back(busy);
  if (phases.device_zero == 0) phases.device_zero = busy.start;
  log().debug("batch-bitpar pairs {}..{}: collected at {:.1f} ms, on the device from {:.1f} to {:.1f} ms after the first", slot.begin,
              slot.end, phases.since_start(), 1e-6 * (static_cast<double>(busy.start) - static_cast<double>(phases.device_zero)),
              1e-6 * (static_cast<double>(busy.end) - static_cast<double>(phases.device_zero)));
  return false;
}

// The chunk's passes until every distance is exact.
void collect(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& packed, Slot& slot,
             Phases& phases, BatchResult& out) {
  while (collect_pass(device, call, packed, slot, phases, out)) {
  }
}

// A first band that holds most pairs like the probe's: a quarter over the 90th percentile
// of their distances beyond their length differences, at least `band`. The probe's pairs
// are probe[0 .. count - 1], pair k's distance distance(k): exact, or after a first pass
// D', an upper bound (exact where the pair's path kept to the band).
template <typename Distance>
cl_int probed_band(const BatchCall& call, const std::uint32_t* probe, std::size_t count, cl_int band, Distance distance) {
  std::vector<std::int64_t> beyond;
  for (std::size_t k = 0; k < count; ++k) {
    const Sides s = sides_of(call, probe[k]);
    beyond.push_back(distance(k) - (s.n - s.m));
  }
  const auto at = beyond.begin() + static_cast<std::ptrdiff_t>(beyond.size() * 9 / 10);
  std::nth_element(beyond.begin(), at, beyond.end());
  return static_cast<cl_int>(std::clamp<std::int64_t>(*at + *at / 4, band, INT_MAX / 2));
}

// The debug line of a probe's band, found `start` on.
void log_probe(cl_int band, std::size_t pairs, std::chrono::steady_clock::time_point start) {
  log().debug("batch-bitpar: a first band of {} from a probe of {} pairs in {:.1f} ms", band, pairs,
              1e3 * seconds_since(start));
}

// A batch's probe (run_batch): the first `count` pairs of a run of chunks, a chunk of their
// own at `band`, after which the others' first band is found from their distances, at
// least `least`.
struct Probe {
  std::size_t count = 0;
  cl_int band = 0, least = 0;
};

// Pairs that fill the device once: a workgroup of batch_bitpar_lanes each (NVIDIA's compute
// units hold 32 at once: 4,224 on the H100), or a work-item each without lanes.
constexpr std::size_t kLanesGroupsPerUnit = 32;
std::size_t round_pairs(const DeviceInfo& info, bool lanes) {
  if (lanes) return std::size_t{std::max<std::uint32_t>(1, info.compute_units)} * kLanesGroupsPerUnit;
  return static_cast<std::size_t>(resident_work_items(info));
}

// The pairs `packed` in chunks, their first passes at `band`; or after a probe, a chunk of
// its own at its band, the others at the band its first pass gives: the first of them,
// which fills the device once (round_pairs), is gathered while the probe runs, and the
// probe's further passes, where its pairs went over its band, run beside it (10^5 pairs of
// 10 kbp at 80% on four H100s: a probe of 3 ms, then 14 more of its second pass, which the
// device had waited for; at 90% it waited for the probe and a first chunk of 128 MiB
// gathered beside three other devices': 9-17 ms).
void run_chunks(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& packed, cl_int band,
                bool lanes, bool own, std::int64_t longest, Slots& kept, Phases& phases, BatchResult& out,
                const Probe& probe = {}) {
  const auto start = std::chrono::steady_clock::now();
  const DeviceInfo& info = device.info();
  // The host's budget: the chunk parameter, under the 32-bit offsets of a chunk's bytes.
  const std::uint64_t host_budget = std::min<std::uint64_t>(static_cast<std::uint64_t>(call.params.at("chunk")) << 10,
                                                            std::uint64_t{UINT32_MAX});
  const std::uint64_t device_budget = std::min({info.global_memory / 4, info.max_allocation, std::uint64_t{BUS_ALIGN} << 32});
  // The chunks' ends in packed: the probe's, then the others'.
  const bool probing = probe.count > 0;
  std::vector<std::size_t> ends =
      chunk_ends(call, packed.data() + probe.count, packed.size() - probe.count, lanes, longest, host_budget, device_budget);
  for (std::size_t& end : ends) end += probe.count;
  if (probing) {
    const std::size_t first = probe.count + round_pairs(info, lanes);  // the first chunk split there
    if (ends.front() > first) ends.insert(ends.begin(), first);
    ends.insert(ends.begin(), probe.count);
    band = probe.band;
  }
  phases.lap(phases.choose);
  Slot* slots = kept.slot;
  // Chunks of long pairs alternate between two queues: their kernels outlast the gather, and
  // a chunk's copies and first kernels then run beside the last workgroups of the one before
  // instead of after them (10^5 pairs of 10 kbp at 90% on one H100: 0.201 -> 0.180 s; with
  // one queue, chunks of 128 MiB made it 0.211 s). Short pairs' chunks share one: the gather
  // bounds them (OpenDevice::SecondQueue). A probe goes on the device's queue and the first
  // chunk after it on the second, so that the probe's further passes hold up only the chunk
  // after that one.
  std::optional<OpenDevice::SecondQueue> second;
  if (longest > kStripeRows && ends.size() > 1) second.emplace(device);
  cl::CommandQueue* const own_queue = &device.queue();
  cl::CommandQueue* const second_queue = second ? &second->queue() : own_queue;
  kept.probe.queue = own_queue;
  slots[0].queue = probing ? second_queue : own_queue;
  slots[1].queue = probing ? own_queue : second_queue;
  bool probe_pending = false;  // the probe's further passes in flight
  std::size_t begin = 0;
  bool try_bases = call.params.at("bases") != 0;  // until a chunk holds another byte: then the call's others go as bytes
  for (std::size_t chunk = 0; chunk < ends.size(); ++chunk) {
    const bool is_probe = probing && chunk == 0;
    const std::size_t index = is_probe ? 0 : chunk - (probing ? 1 : 0);  // among the chunks after the probe
    const bool after_probe = probing && chunk == 1;
    Slot& slot = is_probe ? kept.probe : slots[index % 2];
    slot.begin = begin;
    slot.end = ends[chunk];
    slot.band = band;
    slot.first_cells_known = !after_probe;
    pack(device, call, packed, lanes, own, try_bases, kept, slot, phases);
    phases.lap(phases.list);
    try_bases = slot.as_bases;
    slot.busy = BusySpan();
    if (after_probe) {
      device.wait(&kept.probe.done);
      phases.lap(phases.wait);
      const cl_int* probed = kept.probe.distances.data();
      slot.band = band = probed_band(call, packed.data(), probe.count, probe.least, [probed](std::size_t k) { return probed[k]; });
      log_probe(band, probe.count, start);
      probe_pending = collect_pass(device, call, packed, kept.probe, phases, out);
      phases.lap(phases.collect);
    }
    launch(device, call, slot, out);
    phases.lap(phases.copy_in);
    if (!is_probe && index > 0) collect(device, call, packed, slots[(index - 1) % 2], phases, out);
    phases.lap(phases.collect);
    log().debug("batch-bitpar chunk {}: pairs {}..{}, {} strings, {} codes, in as {}, first band {}, launched at {:.1f} ms",
                chunk, slot.begin, slot.end, slot.strings, slot.code_count, slot.as_bases ? "bases" : "bytes", slot.band,
                phases.since_start());
    begin = slot.end;
  }
  if (probe_pending) collect(device, call, packed, kept.probe, phases, out);
  collect(device, call, packed, slots[(ends.size() - 1 - (probing ? 1 : 0)) % 2], phases, out);
  phases.lap(phases.collect);
  out.costs.kernel_seconds += union_seconds(phases.spans);
  phases.spans.clear();
}

// What prepare found of a call's pairs: the most strings any names, the longest string a
// pair with cells has.
struct Prepared {
  std::size_t string_count = 0;
  std::int64_t longest = 0;
};

// The call's pairs with a cell to compute, in kept.packed; the others' distances are known
// at once (in out).
Prepared prepare(const BatchCall& call, Slots& kept, BatchResult& out) {
  const std::size_t slices = slice_count(call.count, kSlicesPerThread * call.threads, 4096);
  std::vector<std::uint32_t>& packed = kept.packed;
  Prepared found;
  if (call.shape.own && call.shape.shortest > 0 && call.max_distance < 0) {
    // Every pair has cells and brings its own two strings, as the caller found having looked
    // at each (call.shape): the call's pairs in order, with no pass over them (10^6 pairs of
    // 150 bp: 1.5-2.3 ms of the H100 host's time).
    found = {2 * call.count, call.shape.longest};
    packed.resize(call.count);
    parallel_slices(call.count, slices, call.threads, [&](std::size_t, std::size_t from, std::size_t to) {
      std::iota(packed.begin() + static_cast<std::ptrdiff_t>(from), packed.begin() + static_cast<std::ptrdiff_t>(to),
                static_cast<std::uint32_t>(from));
    });
  } else {
    kept.by_slice.resize(std::max(kept.by_slice.size(), slices));
    std::vector<std::size_t> most_by_slice(slices, 0);
    std::vector<std::int64_t> longest_by_slice(slices, 0);
    std::vector<char> whole_by_slice(slices, 0);  // every pair of the slice has cells: none listed
    parallel_slices(call.count, slices, call.threads, [&](std::size_t slice, std::size_t from, std::size_t to) {
      // Filled here, apart: the slices' vectors side by side would share cache lines. Listed
      // from a slice's first pair without cells on (10^6 short pairs have none).
      std::vector<std::uint32_t> mine = std::move(kept.by_slice[slice]);
      mine.clear();
      bool whole = true;
      std::size_t most = 0;
      std::int64_t longest = 0;
      for (std::size_t i = from; i < to; ++i) {
        const Sides s = sides_of(call, i);
        const bool none = s.m == 0 || (call.max_distance >= 0 && s.n - s.m > call.max_distance);
        if (none) {
          out.distances[i] = s.m == 0 ? s.n : s.n - s.m;  // or over k, without a cell computed
          if (whole)
            for (std::size_t j = from; j < i; ++j) mine.push_back(static_cast<std::uint32_t>(j));
          whole = false;
        } else {
          if (!whole) mine.push_back(static_cast<std::uint32_t>(i));
          most = std::max<std::size_t>(most, std::max(s.rows, s.columns) + 1);
          longest = std::max(longest, s.n);
        }
      }
      kept.by_slice[slice] = std::move(mine);
      whole_by_slice[slice] = whole;
      most_by_slice[slice] = most;
      longest_by_slice[slice] = longest;
    });
    std::vector<std::size_t> slice_at(slices + 1, 0);
    const auto first_of = [&](std::size_t s) { return call.count * s / slices; };
    for (std::size_t s = 0; s < slices; ++s) {
      slice_at[s + 1] = slice_at[s] + (whole_by_slice[s] ? first_of(s + 1) - first_of(s) : kept.by_slice[s].size());
      found.string_count = std::max(found.string_count, most_by_slice[s]);
      found.longest = std::max(found.longest, longest_by_slice[s]);
    }
    packed.resize(slice_at[slices]);
    parallel_each(slices, call.threads, [&](std::size_t s) {
      const auto at = packed.begin() + static_cast<std::ptrdiff_t>(slice_at[s]);
      if (whole_by_slice[s])
        std::iota(at, at + static_cast<std::ptrdiff_t>(first_of(s + 1) - first_of(s)), static_cast<std::uint32_t>(first_of(s)));
      else
        std::copy(kept.by_slice[s].begin(), kept.by_slice[s].end(), at);
    });
  }
  return found;
}

void run_batch(OpenDevice& device, const BatchCall& call, BatchResult& out) {
  Phases phases;
  Slots& kept = device.state<Slots>("batch-bitpar");
  out.distances.assign(call.count, 0);
  const Prepared prepared = prepare(call, kept, out);
  const bool own = call.shape.own;  // every pair brings its own two strings (pack)
  const std::size_t string_count = prepared.string_count;
  const std::int64_t longest = prepared.longest;
  std::vector<std::uint32_t>& packed = kept.packed;
  device.progress().add_pairs(call.count - packed.size());
  if (packed.empty()) return;
  if (!own) {  // the claims' marks and the strings' places (pairs with their own strings claim none)
    kept.in_chunk.cover(string_count);
    kept.as_rows.cover(string_count);
    if (kept.index_of.size() < string_count) kept.index_of.resize(string_count);
  }
  phases.lap(phases.prepare);

  const DeviceInfo& info = device.info();
  const bool lanes = lanes_for(call.params, info);
  const std::int64_t long_rows = lanes ? call.params.at("pieces") : 0;
  try {
    double long_kernels = 0;
    // The pairs of `ids` from bounds of their length difference plus `first_band`: with
    // lanes, those of `pieces` rows and more as bitpar's pieces, the others in chunks.
    const bool chunks_only = long_rows == 0 || longest < long_rows;
    const auto run_pairs = [&](const std::vector<std::uint32_t>& ids, cl_int first_band, const Probe& probe) {
      if (chunks_only) return run_chunks(device, call, ids, first_band, lanes, own, longest, kept, phases, out, probe);
      std::vector<std::uint32_t> long_pairs, rest;
      for (const std::uint32_t i : ids) (sides_of(call, i).m >= long_rows ? long_pairs : rest).push_back(i);
      if (!long_pairs.empty()) long_kernels += run_long_pairs(device, call, long_pairs, first_band, out);
      if (!rest.empty()) run_chunks(device, call, rest, first_band, lanes, own, longest, kept, phases, out);
    };
    // A band of at least what every distance is known to reach: no pass below it.
    cl_int band = static_cast<cl_int>(call.params.at("band"));
    if (band != 0 && call.least_distance > band)
      band = static_cast<cl_int>(std::min<std::int64_t>(call.least_distance, INT_MAX / 2));
    // A batch of long pairs without a k starts wide, at an eighth of the length: each pass
    // of doubled bounds sweeps the pair again, and a pair of distance d starting from 256
    // pays about twice its last pass (10^5 pairs of 10 kbp at 90%: four passes), while a
    // pass of pairs that leave the device idle costs one pair's latency, which grows with
    // the band only as the stripe's height plus twice the band. Where they fill the device
    // more than once, they learn their first band on a probe of them, at that width: the
    // others' cells then fit their distances. Fewer take the width themselves, the probe's
    // latency saved (the SARS-CoV-2 all-vs-all's 701-2,774 pairs above auto's trial on one
    // to four H100s: a probe of 6-9 ms before the others). Without pieces, the probe is the
    // first of the batch's chunks (run_chunks); pieces run alone.
    Probe probe_first;
    const std::size_t probe_count = std::min(kProbePairs, packed.size() / 4);
    const Sides middle = sides_of(call, packed[packed.size() / 2]);
    const bool long_pairs = call.max_distance < 0 && band != 0 && middle.m > kStripeRows;
    const cl_int wide = std::max<cl_int>(band, static_cast<cl_int>(middle.n / 8));
    if (long_pairs && packed.size() <= round_pairs(info, lanes)) {
      band = wide;
    } else if (long_pairs && probe_count >= kLeastProbePairs) {
      const auto start = std::chrono::steady_clock::now();
      const std::size_t stride = packed.size() / probe_count;
      std::vector<std::uint32_t> probe, rest;
      for (std::size_t k = 0; k < packed.size(); ++k) (k % stride == 0 ? probe : rest).push_back(packed[k]);
      if (chunks_only) {
        probe_first = {probe.size(), wide, band};
        probe.insert(probe.end(), rest.begin(), rest.end());
        packed = std::move(probe);
      } else {
        run_pairs(probe, wide, {});
        band = probed_band(call, probe.data(), probe.size(), band, [&](std::size_t k) { return out.distances[probe[k]]; });
        log_probe(band, probe.size(), start);
        packed = std::move(rest);
      }
    }
    run_pairs(packed, band, probe_first);
    out.costs.kernel_seconds += long_kernels;
    log().debug("batch-bitpar: {} pairs in {:.1f} ms; host ms: prepare {:.1f}, choose chunks {:.1f}, pack: size and claim {:.1f}, "
                "gather {:.1f}, list pairs {:.1f}; copy in and build masks {:.1f}, wait {:.1f}, collect {:.1f}; kernels {:.1f} ms",
                call.count, phases.since_start(), 1e3 * phases.prepare, 1e3 * phases.choose, 1e3 * phases.claim, 1e3 * phases.gather,
                1e3 * phases.list, 1e3 * phases.copy_in, 1e3 * phases.wait, 1e3 * phases.collect,
                1e3 * out.costs.kernel_seconds);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running batch-bitpar on " + info.name);
  }
}

// A pair's own chain of work, for the batch's cost model: the cells its work-items compute,
// pass after pass of doubled bounds until the bound holds the (estimated) distance; the
// first pass alone when the distance is not known. A long pair as bitpar's pieces: its
// sweep's chain of column steps at kPieceStepSeconds, its cells at kPieceCellsPerSecond
// over the device (the H100, session 38: the SARS-CoV-2 pairs above auto's trial, 2,774 of
// 30 kbp, 4.4e11 cells in 15.6 ms; five of them again at twice the band, a chain of about
// 10,600 steps, in 2.1 ms).
constexpr double kPieceStepSeconds = 200e-9;
constexpr double kPieceCellsPerSecond = 2e13;
PairCost chain_cost(const CostInputs& in) {
  const std::int64_t long_rows = lanes_for(in.params, in.device) ? in.params.at("pieces") : 0;
  // bitpar's stripes at its defaults, of 64-row blocks (a batch's joined strings are long:
  // block_rows)
  const Params sweeps = resolve_params(find_variant("bitpar").info, {});
  const std::int64_t lead = stripe_lead(Geometry::lanes, sweeps), piece_height = stripe_height(Geometry::lanes, sweeps.at("wg"), 64);
  return [band = in.params.at("band"), lanes = lanes_for(in.params, in.device), long_rows, lead, piece_height,
          resident = resident_work_items(in.device),
          gpu = in.device.type == "gpu"](const PairShape& pair) -> std::optional<Prediction> {
    const std::int64_t m = static_cast<std::int64_t>(std::min(pair.m, pair.n));
    const std::int64_t n = static_cast<std::int64_t>(std::max(pair.m, pair.n));
    if (m == 0) return Prediction{0, 1};
    std::int64_t k = band == 0 ? n : std::min(n, n - m + band);
    const std::size_t c = class_of(m, lanes);
    const std::int64_t height = class_height(c);
    const bool piece = long_rows > 0 && m >= long_rows;
    double cells = 0, chain = 0;
    for (;;) {
      if (piece) {  // rows the longer string, as bitpar's sweeps take them
        const BandWork w = band_work(n, m, piece_height, lead, band_for(n, m, k));
        cells += static_cast<double>(w.cells);
        chain += static_cast<double>(w.chain) * kPieceStepSeconds;
      } else {
        cells += static_cast<double>(band_cells(m, n, height, band_for(m, n, k)));
      }
      if (k >= n || pair.distance < 0 || k >= pair.distance) break;
      k = std::min(n, 2 * k);
    }
    if (piece) return Prediction{chain, cells * resident / kPieceCellsPerSecond / chain};
    if (c == kLanesClass) {  // a workgroup's lanes share the pair's cells
      const double lanes_per_pair = kClassWords[kLanesClass];
      return Prediction{cells / (lanes_per_pair * (gpu ? kGpuLaneCellsPerSecond : kCpuLaneCellsPerSecond)), lanes_per_pair};
    }
    return Prediction{cells / (gpu ? kGpuItemCellsPerSecond : kCpuItemCellsPerSecond), 1};
  };
}

std::vector<Variant> batch_variants() {
  Variant v;
  v.info.name = "batch-bitpar";
  v.info.description =
      "batches: bit-vector DP, a work-item per pair in stripes of up to 8 x 32 rows in registers; pairs over 256 rows "
      "a workgroup of 32 each, the longest (pieces) bitpar's stripes pipelined across workgroups";
  v.info.uses_device = true;
  v.info.work = Work::matrix;
  v.info.tuned = false;  // a single long pair is one work-item's work: levcl-tune's pairs say nothing of batches
  v.info.params = {workgroup_param(64),
                   {"band", 256, 0, 1 << 30,
                    "first bound of a pair beyond its length difference, doubled until the distance fits (0: whole matrix)",
                    Sweep::none},
                   {"chunk", 1 << 20, 1, 1 << 22,
                    "KiB of packed strings per chunk, at most (the device runs one while the host packs the next; "
                    "a GPU needs hundreds of thousands of pairs in flight)",
                    Sweep::none},
                   {"lanes", 0, 0, BATCH_LANES,
                    "work-items per pair over 256 rows: 32, a workgroup with a 32-row block each; 1, one as for shorter "
                    "pairs; 0, 32 on a GPU and 1 elsewhere",
                    Sweep::none},
                   {"bases", 1, 0, 1,
                    "1: a chunk whose strings hold only A, C, G and T crosses the bus as bases, four to a byte (a quarter "
                    "of the bytes to write and copy, and no scan of them for the byte values present), a chunk with "
                    "another byte again as bytes; 0: as bytes",
                    Sweep::none},
                   {"pieces", 16384, 0, INT_MAX,
                    "with lanes 32, pairs whose shorter string has this many bytes or more run as pieces of bitpar's "
                    "sweeps, their stripes pipelined across workgroups (0: never)",
                    Sweep::none}};
  v.needs = [](const Params& p) { return DeviceNeeds{static_cast<std::uint64_t>(p.at("wg")), 0}; };
  v.batch = {[](OpenDevice* device, const BatchCall& call, BatchResult& out) { run_batch(*device, call, out); },
             chain_cost};
  // One pair is a batch of one: a single work-item's chain (auto never picks it for a pair:
  // the tuning database does not rate it).
  v.distance.run = [](OpenDevice* device, const Call& call) {
    const std::string_view strings[] = {call.pair.a(), call.pair.b()};
    const IndexPair pair{0, 1};
    // call.max_distance is the caller's k, or the longer length when there is none.
    const bool bounded = call.max_distance < static_cast<std::int64_t>(std::max(call.pair.a().size(), call.pair.b().size()));
    const std::int64_t m = static_cast<std::int64_t>(call.pair.a().size()), n = static_cast<std::int64_t>(call.pair.b().size());
    const BatchShape shape{true, std::min(m, n), std::max(m, n)};
    BatchResult batch;
    run_batch(*device, BatchCall{strings, &pair, 1, call.params, 1, bounded ? call.max_distance : -1, 0, shape}, batch);
    Result result;
    result.distance = batch.distances[0];
    result.costs = batch.costs;
    return result;
  };
  v.distance.cost = chain_cost;
  return {v};
}

const FamilyRegistration registration{50, "batch_bitpar", batch_variants};

}  // namespace
}  // namespace levcl::detail
