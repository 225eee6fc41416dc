// The batch_bitpar family (cl/batch_bitpar.cl, a pair's layout in cl/batch_bitpar.h):
// `batch-bitpar`, every pair of a batch in one launch per size class, a work-item per pair.
//
// The host packs a chunk of pairs into pinned memory on its threads. Each string the
// chunk uses is packed once however many pairs use it: as the rows of a pair (the shorter
// string) its match masks, as the columns its bytes translated into symbol codes. The
// codes are the chunk's: one per byte value that occurs in its strings (DNA: 4 or 5), so
// every byte value works and any two strings of the chunk can meet. Pairs are launched by
// size class (the 32-row blocks of a stripe: 1, 2, 4 or 8, the fewest that hold the
// shorter string), so a launch's work-items carry only the registers their pairs need;
// longer strings take several stripes of 8. While the device runs a chunk, the host packs
// the next one.
//
// Each pair computes a band (cl/batch_bitpar.cl): with the caller's k, that k; else its
// length difference plus `band`, doubled for the pairs whose distance turns out larger
// (edlib's rule, pair by pair), so similar pairs cost O(n k / 32), not O(n m / 32).
#include <array>
#include <chrono>
#include <cstring>
#include <memory>
#include <vector>

#include "cl/batch_bitpar.h"
#include "engines/bitpar/bitpar.hpp"
#include "engines/registry.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

// WORDS of each program: the 32-row blocks of a stripe. A stripe of h rows computes
// h + (band width) columns of a banded pair, and its match masks (rows x WORDS words per
// work-item) should stay in the L1 cache, so stripes stay short: longer strings take
// several stripes of 8 blocks.
constexpr std::array<std::uint32_t, 4> kClassWords = {1, 2, 4, 8};
constexpr std::size_t kChunkPairs = std::size_t{1} << 22;
constexpr std::uint32_t kNone = ~std::uint32_t{0};
static_assert(sizeof(BatchPair) == 4 * sizeof(cl_uint) && alignof(BatchPair) == 16, "cl/batch_bitpar.h: a uint4");

// Cells one work-item computes per second, a pair's chain of work when nothing hides its
// latency: on the H100 (at a283904) the SARS-CoV-2 all-vs-all computed 3.65e12 cells in
// 3.43 s over 87,153 work-items (1.2e7 each), 10^5 pairs of 10 kbp 2.45e12 in 0.715 s
// (3.4e7 each); on the CI machine's POCL (AMD EPYC, 2 cores) batches of 8, 64 and 2,000
// pairs of 1-10 kbp at 90% (levcl-bench --batch) 7.5e9 cells per second a core, eight
// work-items to a core (cost_model.hpp's resident_work_items).
constexpr double kGpuItemCellsPerSecond = 2e7;
constexpr double kCpuItemCellsPerSecond = 9e8;

std::uint32_t words_of(std::uint64_t m) { return static_cast<std::uint32_t>((m + 31) / 32); }

// The size class of a pair whose shorter string has m bytes: the fewest blocks that hold
// its rows, at most the last class's.
std::size_t class_of(std::int64_t m) {
  std::size_t c = 0;
  while (c + 1 < kClassWords.size() && kClassWords[c] < words_of(m)) ++c;
  return c;
}

// A pair's strings as the kernel takes them: rows the shorter.
struct Sides {
  std::uint32_t rows, columns;
};
Sides sides_of(const BatchCall& call, std::size_t i) {
  const IndexPair p = call.pairs[i];
  return call.strings[p.a].size() <= call.strings[p.b].size() ? Sides{p.a, p.b} : Sides{p.b, p.a};
}

// The byte values a string holds.
struct ByteSet {
  std::array<std::uint64_t, 4> bits{};
  // The bytes of s, gathered in four registers: a read-modify-write of one word per byte
  // would chain every byte of a DNA string (all in the same word) through memory.
  static ByteSet of(std::string_view s) {
    std::uint64_t w0 = 0, w1 = 0, w2 = 0, w3 = 0;
    for (const unsigned char c : s) {
      const std::uint64_t bit = std::uint64_t{1} << (c & 63);
      w0 |= c < 64 ? bit : 0;
      w1 |= c >= 64 && c < 128 ? bit : 0;
      w2 |= c >= 128 && c < 192 ? bit : 0;
      w3 |= c >= 192 ? bit : 0;
    }
    return ByteSet{{w0, w1, w2, w3}};
  }
  bool has(int c) const { return bits[c >> 6] >> (c & 63) & 1; }
  ByteSet operator|(const ByteSet& o) const {
    ByteSet u;
    for (int i = 0; i < 4; ++i) u.bits[i] = bits[i] | o.bits[i];
    return u;
  }
  int count() const {
    int n = 0;
    for (const auto b : bits) n += __builtin_popcountll(b);
    return n;
  }
};

// The chunk's symbol codes: its byte values in increasing order from 1 (0 is never
// used), or each byte its own code when all 256 occur.
struct ChunkCodes {
  std::array<std::uint8_t, 256> of{};
  std::uint32_t rows = 0;  // rows of every match-mask table
  explicit ChunkCodes(const ByteSet& bytes) {
    if (bytes.count() == 256) {
      for (int c = 0; c < 256; ++c) of[c] = static_cast<std::uint8_t>(c);
      rows = 256;
      return;
    }
    rows = 1;
    for (int c = 0; c < 256; ++c)
      if (bytes.has(c)) of[c] = static_cast<std::uint8_t>(rows++);
  }
};

// A chunk's packing and its device copies; two alternate, so one fills while the other runs.
struct Slot {
  explicit Slot(OpenDevice& device)
      : pairs(device), b_codes(device), peq(device), distances(device), finished(device.counters(BATCH_FINISHED_COUNTERS)) {}
  std::size_t begin = 0, end = 0;    // its pairs: packed[begin .. end - 1] of run_batch
  std::vector<std::uint32_t> used;   // the strings it packs
  Pinned<BatchPair> pairs;
  Pinned<std::uint8_t> b_codes;
  Pinned<std::uint32_t> peq;
  Pinned<cl_int> distances;
  std::vector<cl_uint> bus_at;       // per pair: its bus bytes
  std::vector<cl_int> bounds;        // per pair: its k in the last pass
  std::vector<cl_uint> ids;          // the pairs the pass computes, by size class
  std::array<std::uint32_t, kClassWords.size() + 1> ids_start{};
  std::uint64_t b_bytes = 0, peq_words = 0, bus_bytes = 0;
  GrowingBuffer d_pairs, d_bus_at, d_ids, d_bounds, d_b_codes, d_peq, d_bus, d_distances;  // grow to the largest chunk
  DeviceCounters finished;  // the pass's pairs finished, read as it runs
  cl::Event done;
};

// What run_batch knows of every string: the bytes it holds, and where the chunk being
// packed keeps it (kNone: not in the chunk in that role).
struct Strings {
  std::vector<ByteSet> bytes;
  std::vector<std::uint32_t> peq_at, codes_at;
};

// The two slots and the strings' table, kept on the device from call to call: pinned and
// device buffers, and host tables, are allocated once for a run of calls (a stream's
// chunks, a caller's batches), not per call.
struct Slots {
  explicit Slots(OpenDevice& device) : slot{Slot(device), Slot(device)} {}
  Slot slot[2];
  Strings strings;
};

struct BatchArgs {
  cl::Buffer pairs, bus_at, ids;
  cl_uint first, count;
  cl::Buffer bounds, b_codes, peq, bus, distances, finished;
  auto fields() const {
    return std::tie(pairs, bus_at, ids, first, count, bounds, b_codes, peq, bus, distances, finished);
  }
};

// Packs slot.begin .. slot.end of packed into slot (offsets already chosen by run_batch).
void pack(const BatchCall& call, const std::vector<std::uint32_t>& packed, Strings& strings, Slot& slot) {
  ByteSet bytes;
  for (const std::uint32_t s : slot.used) bytes = bytes | strings.bytes[s];
  const ChunkCodes codes(bytes);
  // Offsets: each string's tables, each pair's bus.
  slot.b_bytes = slot.peq_words = slot.bus_bytes = 0;
  for (const std::uint32_t s : slot.used) {
    if (strings.peq_at[s] != kNone) {
      strings.peq_at[s] = static_cast<std::uint32_t>(slot.peq_words);
      slot.peq_words += std::uint64_t{codes.rows} * words_of(call.strings[s].size());
    }
    if (strings.codes_at[s] != kNone) {
      strings.codes_at[s] = static_cast<std::uint32_t>(slot.b_bytes);
      slot.b_bytes += call.strings[s].size();
    }
  }
  const std::size_t count = slot.end - slot.begin;
  BatchPair* pairs = slot.pairs.reserve(count);
  slot.bus_at.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Sides s = sides_of(call, packed[slot.begin + i]);
    const std::uint64_t m = call.strings[s.rows].size(), n = call.strings[s.columns].size();
    pairs[i] = {strings.codes_at[s.columns], static_cast<cl_uint>(n), strings.peq_at[s.rows], static_cast<cl_uint>(m)};
    slot.bus_at[i] = static_cast<cl_uint>(slot.bus_bytes / BUS_ALIGN);
    slot.bus_bytes += (n + BUS_ALIGN - 1) / BUS_ALIGN * BUS_ALIGN;
  }

  std::uint8_t* b_codes = slot.b_codes.reserve(slot.b_bytes);
  std::uint32_t* peq = slot.peq.reserve(slot.peq_words);
  slot.distances.reserve(count);
  parallel_each(slot.used.size(), call.threads, [&](std::size_t u) {
    const std::uint32_t s = slot.used[u];
    const std::string_view text = call.strings[s];
    if (strings.peq_at[s] != kNone) {
      const std::uint32_t words = words_of(text.size());
      std::uint32_t* masks = peq + strings.peq_at[s];
      std::memset(masks, 0, std::size_t{codes.rows} * words * sizeof(std::uint32_t));
      for (std::size_t r = 0; r < text.size(); ++r)
        masks[codes.of[static_cast<unsigned char>(text[r])] * words + r / 32] |= std::uint32_t{1} << (r % 32);
    }
    if (strings.codes_at[s] != kNone) {
      std::uint8_t* out = b_codes + strings.codes_at[s];
      for (std::size_t j = 0; j < text.size(); ++j) out[j] = codes.of[static_cast<unsigned char>(text[j])];
    }
  });
  for (const std::uint32_t s : slot.used) strings.peq_at[s] = strings.codes_at[s] = kNone;  // for the next chunk
}

// A pair's first bound: the caller's k, else the length difference plus `band` (0: the
// whole matrix at once).
cl_int first_bound(std::int64_t m, std::int64_t n, const BatchCall& call) {
  const std::int64_t band = call.params.at("band");
  if (call.max_distance >= 0) return static_cast<cl_int>(std::min(call.max_distance, n));
  return static_cast<cl_int>(band == 0 ? n : std::min(n, n - m + band));
}

// Sets slot.ids to the pairs `which` ordered by size class under their bounds.
void order_by_class(const std::vector<cl_uint>& which, Slot& slot) {
  const BatchPair* pairs = slot.pairs.data();
  std::vector<std::uint8_t> classes(which.size());
  std::array<std::uint32_t, kClassWords.size() + 1> start{};
  for (std::size_t i = 0; i < which.size(); ++i) {
    const cl_uint p = which[i];
    classes[i] = static_cast<std::uint8_t>(class_of(pairs[p].m));
    ++start[classes[i] + 1];
  }
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  slot.ids_start = start;
  slot.ids.resize(which.size());
  for (std::size_t i = 0; i < which.size(); ++i) slot.ids[start[classes[i]]++] = which[i];
}

// Queues one pass over slot.ids: the bounds, each size class's launch, the distances back.
void launch_pass(OpenDevice& device, const BatchCall& call, Slot& slot, BusySpan& busy, BatchResult& out) {
  cl::CommandQueue& queue = device.queue();
  const std::size_t count = slot.end - slot.begin;
  BatchArgs args;
  args.pairs = slot.d_pairs.buffer();
  args.bus_at = slot.d_bus_at.buffer();
  args.ids = slot.d_ids.at_least(device, slot.ids.size() * sizeof(cl_uint));
  args.bounds = slot.d_bounds.buffer();
  args.b_codes = slot.d_b_codes.buffer();
  args.peq = slot.d_peq.buffer();
  args.bus = slot.d_bus.buffer();
  args.distances = slot.d_distances.buffer();
  args.finished = slot.finished.buffer();
  queue.enqueueFillBuffer(args.finished, cl_int{0}, 0, BATCH_FINISHED_COUNTERS * sizeof(cl_int));
  queue.enqueueWriteBuffer(args.ids, CL_FALSE, 0, slot.ids.size() * sizeof(cl_uint), slot.ids.data());
  queue.enqueueWriteBuffer(args.bounds, CL_FALSE, 0, count * sizeof(cl_int), slot.bounds.data());
  const std::size_t wg = static_cast<std::size_t>(call.params.at("wg"));
  for (std::size_t k = 0; k < kClassWords.size(); ++k) {
    args.first = slot.ids_start[k];
    args.count = slot.ids_start[k + 1] - slot.ids_start[k];
    if (args.count == 0) continue;
    cl::Kernel& kernel = device.kernel("batch_bitpar.cl", "batch_bitpar",
                                       "-DWORDS=" + std::to_string(kClassWords[k]));
    device.check_launch(kernel, wg);
    set_args(kernel, args);
    device.launch(kernel, (args.count + wg - 1) / wg * wg, wg, busy.event(true));
    ++out.costs.launches;
  }
  queue.enqueueReadBuffer(args.distances, CL_FALSE, 0, count * sizeof(cl_int), slot.distances.data(), nullptr,
                          &slot.done);
}

// Copies the packed chunk in and queues its first pass.
void launch(OpenDevice& device, const BatchCall& call, Slot& slot, BusySpan& busy, BatchResult& out) {
  cl::CommandQueue& queue = device.queue();
  const std::size_t count = slot.end - slot.begin;
  slot.d_pairs.at_least(device, count * sizeof(BatchPair));
  slot.d_bus_at.at_least(device, count * sizeof(cl_uint));
  slot.d_bounds.at_least(device, count * sizeof(cl_int));
  slot.d_b_codes.at_least(device, slot.b_bytes);
  slot.d_peq.at_least(device, slot.peq_words * sizeof(std::uint32_t));
  slot.d_bus.at_least(device, slot.bus_bytes);
  slot.d_distances.at_least(device, count * sizeof(cl_int));
  queue.enqueueWriteBuffer(slot.d_pairs.buffer(), CL_FALSE, 0, count * sizeof(BatchPair), slot.pairs.data());
  queue.enqueueWriteBuffer(slot.d_bus_at.buffer(), CL_FALSE, 0, count * sizeof(cl_uint), slot.bus_at.data());
  if (slot.b_bytes) queue.enqueueWriteBuffer(slot.d_b_codes.buffer(), CL_FALSE, 0, slot.b_bytes, slot.b_codes.data());
  if (slot.peq_words)
    queue.enqueueWriteBuffer(slot.d_peq.buffer(), CL_FALSE, 0, slot.peq_words * sizeof(std::uint32_t), slot.peq.data());
  slot.bounds.resize(count);
  std::vector<cl_uint> all(count);
  for (std::size_t i = 0; i < count; ++i) {
    slot.bounds[i] = first_bound(slot.pairs.data()[i].m, slot.pairs.data()[i].n, call);
    all[i] = static_cast<cl_uint>(i);
  }
  order_by_class(all, slot);
  launch_pass(device, call, slot, busy, out);
}

// Waits for the chunk's pass; the pairs whose distance is over a bound of their own
// choosing run again with twice the bound until every distance is exact.
void collect(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& packed, Slot& slot,
             BusySpan& busy, BatchResult& out) {
  const OpenDevice::Watch watch(device, slot.finished, [](const std::vector<cl_int>& counts, ProgressMeter& meter) {
    std::uint64_t sum = 0;
    for (const cl_int c : counts) sum += static_cast<std::uint64_t>(c);
    meter.pairs_in_launch(sum);
  });
  for (;;) {
    device.wait(&slot.done);
    const cl_int* distances = slot.distances.data();
    std::vector<cl_uint> again;
    for (std::size_t c = 0; c < kClassWords.size(); ++c)
      for (std::uint32_t i = slot.ids_start[c]; i < slot.ids_start[c + 1]; ++i) {
        const cl_uint p = slot.ids[i];
        const std::int64_t m = slot.pairs.data()[p].m, n = slot.pairs.data()[p].n;
        const cl_int bound = slot.bounds[p];
        out.costs.cells += band_cells(m, n, 32 * kClassWords[c], band_for(m, n, bound));
        if (distances[p] <= bound || bound >= n || call.max_distance >= 0) continue;
        // D' is the cost of an alignment (the overestimates outside the band are costs of
        // paths too), so a bound of D' holds the distance: it caps the doubling.
        slot.bounds[p] = static_cast<cl_int>(std::min<std::int64_t>({n, std::int64_t{2} * bound, distances[p]}));
        again.push_back(p);
      }
    if (again.empty()) break;
    log().debug("batch-bitpar: {} pairs again with twice their bound", again.size());
    order_by_class(again, slot);
    launch_pass(device, call, slot, busy, out);
  }
  for (std::size_t i = slot.begin; i < slot.end; ++i) out.distances[packed[i]] = slot.distances.data()[i - slot.begin];
  device.progress().add_pairs(slot.end - slot.begin);
}

// Where a run's host time goes, for the debug log: what bounds a batch of short pairs.
struct Phases {
  double prepare = 0, choose = 0, pack = 0, queue = 0, collect = 0;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  void lap(double& phase) {
    const auto now = std::chrono::steady_clock::now();
    phase += std::chrono::duration<double>(now - last).count();
    last = now;
  }
};

void run_batch(OpenDevice& device, const BatchCall& call, BatchResult& out) {
  Phases phases;
  out.distances.assign(call.count, 0);
  // The pairs with a cell to compute; the others are known at once.
  std::vector<std::uint32_t> packed;
  for (std::size_t i = 0; i < call.count; ++i) {
    const Sides s = sides_of(call, i);
    const std::int64_t m = static_cast<std::int64_t>(call.strings[s.rows].size());
    const std::int64_t n = static_cast<std::int64_t>(call.strings[s.columns].size());
    if (m == 0)
      out.distances[i] = n;
    else if (call.max_distance >= 0 && n - m > call.max_distance)
      out.distances[i] = n - m;  // over k without a cell computed
    else
      packed.push_back(static_cast<std::uint32_t>(i));
  }
  device.progress().add_pairs(call.count - packed.size());
  // The bytes of the strings the pairs use.
  Slots& kept = device.state<Slots>("batch-bitpar");
  Strings& strings = kept.strings;
  const std::size_t string_count = [&] {
    std::size_t most = 0;
    for (const std::uint32_t i : packed) most = std::max<std::size_t>(most, std::max(call.pairs[i].a, call.pairs[i].b) + 1);
    return most;
  }();
  strings.bytes.resize(string_count);
  strings.peq_at.assign(string_count, kNone);
  strings.codes_at.assign(string_count, kNone);
  parallel_slices(string_count, call.threads, [&](std::size_t from, std::size_t to) {
    for (std::size_t s = from; s < to; ++s) strings.bytes[s] = ByteSet::of(call.strings[s]);
  });
  phases.lap(phases.prepare);

  const DeviceInfo& info = device.info();
  const std::uint64_t host_budget = static_cast<std::uint64_t>(call.params.at("chunk")) << 10;
  const std::uint64_t bus_budget = std::min({info.max_allocation, info.global_memory / 4, std::uint64_t{BUS_ALIGN} << 32});
  try {
    BusySpan busy;
    Slot* slots = kept.slot;
    std::size_t chunk = 0;
    for (std::size_t begin = 0; begin < packed.size(); ++chunk) {
      // A chunk: pairs until a budget is spent (at least one pair, however large): the
      // packed strings, at the codes seen so far, and the pairs' bus bytes.
      Slot& slot = slots[chunk % 2];
      slot.used.clear();
      ByteSet bytes;
      std::uint64_t host_bytes = 0, bus_bytes = 0;
      std::size_t end = begin;
      for (; end < packed.size() && end - begin < kChunkPairs; ++end) {
        const Sides s = sides_of(call, packed[end]);
        const std::uint64_t n = call.strings[s.columns].size();
        std::uint64_t more = 16 + n;
        const bool new_rows = strings.peq_at[s.rows] == kNone, new_columns = strings.codes_at[s.columns] == kNone;
        if (new_rows) more += 4 * (bytes | strings.bytes[s.rows]).count() * words_of(call.strings[s.rows].size());
        if (new_columns) more += n;
        const std::uint64_t bus = (n + BUS_ALIGN - 1) / BUS_ALIGN * BUS_ALIGN;
        if (end > begin && (host_bytes + more > host_budget || bus_bytes + bus > bus_budget)) break;
        host_bytes += more;
        bus_bytes += bus;
        for (const std::uint32_t t : {s.rows, s.columns})
          if (strings.peq_at[t] == kNone && strings.codes_at[t] == kNone) {
            slot.used.push_back(t);
            bytes = bytes | strings.bytes[t];
          }
        strings.peq_at[s.rows] = 0;  // marked: packed in this role (pack sets the offset)
        strings.codes_at[s.columns] = 0;
      }
      slot.begin = begin;
      slot.end = end;
      phases.lap(phases.choose);
      pack(call, packed, strings, slot);
      phases.lap(phases.pack);
      launch(device, call, slot, busy, out);
      phases.lap(phases.queue);
      if (chunk > 0) collect(device, call, packed, slots[(chunk - 1) % 2], busy, out);
      phases.lap(phases.collect);
      log().debug("batch-bitpar chunk {}: pairs {}..{}, {} strings", chunk, begin, end, slot.used.size());
      begin = end;
    }
    if (chunk > 0) collect(device, call, packed, slots[(chunk - 1) % 2], busy, out);
    phases.lap(phases.collect);
    out.costs.kernel_seconds = busy.seconds();
    log().debug("batch-bitpar: {} pairs in {} chunks; host ms: prepare {:.1f}, choose chunks {:.1f}, pack {:.1f}, "
                "queue {:.1f}, wait and collect {:.1f}; kernels {:.1f} ms",
                call.count, chunk, 1e3 * phases.prepare, 1e3 * phases.choose, 1e3 * phases.pack, 1e3 * phases.queue,
                1e3 * phases.collect, 1e3 * out.costs.kernel_seconds);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running batch-bitpar on " + info.name);
  }
}

// A pair's own chain of work, for the batch's cost model: the cells its work-item computes,
// pass after pass of doubled bounds until the bound holds the (estimated) distance; the
// first pass alone when the distance is not known.
std::optional<Prediction> chain_cost(const CostInputs& in, const PairShape& pair) {
  const std::int64_t m = static_cast<std::int64_t>(std::min(pair.m, pair.n));
  const std::int64_t n = static_cast<std::int64_t>(std::max(pair.m, pair.n));
  const double rate = in.device.type == "gpu" ? kGpuItemCellsPerSecond : kCpuItemCellsPerSecond;
  if (m == 0) return Prediction{0, 1};
  const std::int64_t band = in.params.at("band");
  std::int64_t k = band == 0 ? n : std::min(n, n - m + band);
  const std::int64_t height = 32 * kClassWords[class_of(m)];
  double cells = 0;
  for (;;) {
    cells += static_cast<double>(band_cells(m, n, height, band_for(m, n, k)));
    if (k >= n || pair.distance < 0 || k >= pair.distance) break;
    k = std::min(n, 2 * k);
  }
  return Prediction{cells / rate, 1};
}

std::vector<Variant> batch_variants() {
  Variant v;
  v.info.name = "batch-bitpar";
  v.info.description = "batches: a work-item per pair, bit-vector DP in stripes of up to 8 x 32 rows in registers";
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
    BatchResult batch;
    run_batch(*device, BatchCall{strings, &pair, 1, call.params, 1, bounded ? call.max_distance : -1}, batch);
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
