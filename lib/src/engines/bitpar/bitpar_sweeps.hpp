// The bit-parallel family on a device (cl/bitpar.h; cl/bitpar.cl on GPUs, cl/bitpar_vector.cl
// on CPU devices): pieces of two strings on the device, each swept from both ends towards
// its middle column in one launch for all of them, and where its halves meet. A distance is one
// piece, the whole pair; an alignment's level is many (the breakpoints of bitpar.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "cl/bitpar.h"
#include "engines/bitpar/bitpar.hpp"
#include "engines/pieces.hpp"
#include "engines/registry.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/device_counters.hpp"
#include "runtime/open_device.hpp"

namespace levcl::detail {

// The two device geometries: a workgroup of lanes per stripe, one block of 32 or 64 rows
// each (GPUs), or one work-item per stripe of four 64-row blocks as the lanes of a vector
// (CPUs).
enum class Geometry { lanes, vector };

// Rows of a lanes work-item's block for a pair whose longer string is `longer`: 64 (64-bit
// words) with `wide` 1, or with 2 where its 32-row stripes outnumber kWideStripes (8 a
// compute unit of the H100): the device is full either way, and a step pays its shuffle
// and bus costs once for twice the cells (the H100: the 3.3 Mbp pair 1.44x faster, 3 Mbp
// pairs of narrow bands 6% slower). Else 32, and where 64-row masks of `sigma` codes
// (sigma_for) would outgrow the local memory every OpenCL device has. The pair alone
// decides, so that devices that share a pair's sweeps split its rows alike.
constexpr std::int64_t kWideStripes = 1024;
std::int64_t block_rows(const Params& params, std::int64_t longer, std::int64_t sigma);
// The masks' codes for an alphabet of `codes` symbols: a power of two, at least 4.
std::int64_t sigma_for(int codes);
// The symbols a cost model assumes, knowing no alphabet: DNA with N.
constexpr int kModelledCodes = 5;

// A stripe's rows (lanes of `block_rows` rows each), and the columns it waits for beyond
// the stripe above's first: a chunk of published progress, plus the lanes' skew.
std::int64_t stripe_height(Geometry geometry, std::int64_t lanes, std::int64_t block_rows);
std::int64_t stripe_lead(Geometry geometry, const Params& params);

// Where a piece's two sweeps meet: its middle column. The forward sweep takes the columns
// 1 .. left, the backward one the rest, on both strings reversed (where diagonal d = j - i
// becomes (n - m) - d); each only the rows that meet its band at its last column. A stripe
// sweeps all of its sweep's columns, so a wide band's chain is about half the piece's width:
// halving the rows instead left every stripe the whole width to walk (a divergent pair's
// chain). A narrow band's chain is about half its length either way (a build that split
// those pieces' rows again ran no faster: bench/results/h100/session48).
struct SweepPlan {
  std::int64_t left = 0;
  std::int64_t forward_rows = 0, backward_rows = 0;
  Band forward_band{0, 0}, backward_band{0, 0};
};
// The forward sweep's share of the columns, `forward` of `parts` (a pair spread over parts:
// the forward sweep's blocks on `forward` of them); a half by default.
struct SweepShare {
  std::int64_t forward = 1, parts = 2;
};
SweepPlan plan_sweeps(std::int64_t m, std::int64_t n, const Band& band, const SweepShare& share = {});

// A piece's work over a band: its sweeps' cells, and the longer of their chains.
BandWork sweeps_work(std::int64_t m, std::int64_t n, std::int64_t height, std::int64_t lead, const Band& band);

// A stripe's bottom row on the bus, and the bus word the kernels count offsets in (cl/bitpar.h).
std::uint64_t bus_slot_bytes(Geometry geometry, std::uint64_t n);
std::uint64_t bus_word_bytes(Geometry geometry);

// The deltas in a bus slot (cl/bitpar.h) copied off a device: column j's of a stripe's bottom
// row, or row i's of a sweep's edge; without a slot, +1 each (row 0, column 0).
struct SlotDeltas {
  Geometry geometry;
  const unsigned char* slot;

  // Delta i (1-based): bit (i - 1) % 32 of its word pair, +1 in the first word and -1 in the
  // second (lanes); its byte, the same two bits (vector).
  int delta(std::int64_t i) const;
  // How many of the deltas i + 1 .. k are +1 and how many -1, 32 a popcount.
  struct Counts {
    std::int64_t plus = 0, minus = 0;
  };
  Counts counts(std::int64_t i, std::int64_t k) const;
  // The deltas i + 1 .. k.
  std::int64_t rise(std::int64_t i, std::int64_t k) const {
    const Counts c = counts(i, k);
    return c.plus - c.minus;
  }
  // The deltas i + 1 .. i + count (count <= 32) as two masks, delta i + 1 + t in bit t: the
  // +1s in `plus`, the -1s in `minus`.
  void bits(std::int64_t i, int count, cl_uint& plus, cl_uint& minus) const;

 private:
  cl_uint word(std::int64_t at) const;
};

// The kernels' arguments, in their order (bitpar and bitpar_vector take the same).
struct BitparArgs {
  cl::Buffer codes, sweeps, claims;
  cl_int claim_count;
  cl::Buffer bus, progress, top_left, next_stripe, result, stripe_values;
  auto fields() const {
    return std::tie(codes, sweeps, claims, claim_count, bus, progress, top_left, next_stripe, result, stripe_values);
  }
};

// Device memory for a pair of m x n (rows the longer) with `slots` bus slots of each sweep:
// the strings, their codes forward and reversed, the bus, the stripes' counters.
MemoryNeeds bus_memory(Geometry geometry, std::uint64_t m, std::uint64_t n, std::int64_t slots);

// A piece's sweeps: both, and where they meet; or (whole) one sweep over all of it, whose
// last value is the piece's D' (a batch's pairs: they fill the device without halving their
// chains, and no edge comes back); or one of the two, forward or backward (a block of its
// rows over parts: BitparSweeps::block).
enum class Halves { both, forward, backward, whole };

// A sweep's edge (its values down its last column) copied off its device: its slot (empty:
// column 0, what a backward sweep of no columns leaves), its rows first .. last, and its
// value at the last.
struct SweepEdge {
  std::vector<unsigned char> slot;
  std::int64_t first = 0, last = 0, value = 0;
};

// A sweep's edge and what computing it cost, as bytes that another device's thread or
// another process (levcl-mpi's ranks, one machine architecture) hands back (a part's
// block); decode_edge throws internal on bytes of another shape.
std::string encode_edge(const SweepEdge& edge, const Costs& costs);
SweepEdge decode_edge(const std::string& bytes, Costs& costs);

// Where a piece's two sweeps meet, their edges from devices of `geometry`.
Breakpoint meet_halves(Geometry geometry, const Piece& piece, const SweepEdge& forward, const SweepEdge& backward,
                       const SweepShare& share = {});

// A sweep's rows split in blocks over devices, each block computed by one device in tiles of
// columns (bitpar_tiles.cpp): the bottom row of a block over one tile, for the block below.
struct TileRow {
  std::vector<unsigned char> slot;  // bus words (cl/bitpar.h) of its columns 1 .. last
  std::int64_t last = 0;            // columns with deltas of their own; +1 past them
  std::int64_t value = 0;           // its value at column last (none where last is 0)
};

// Where a block hands its bottom rows to the block below, tile by tile: between two threads
// of one process, or two processes (levcl-mpi). receive throws where the sender failed.
class RowLink {
 public:
  virtual ~RowLink() = default;
  virtual void send(TileRow row) = 0;
  virtual TileRow receive() = 0;
};

// A block of a sweep: its stripes first .. first + count - 1, the sweeps meeting where
// `share` says.
struct SweepBlock {
  std::int64_t first = 0, count = 0;
  SweepShare share;
};

// A sweep's edge from its blocks' (BitparSweeps::block), in order; `height` its stripes' rows.
SweepEdge joined_edge(const BitparSweep& sweep, std::int64_t height, const std::vector<SweepEdge>& blocks);

// A launch's device buffers. The device keeps a set from call to call, lent to one
// BitparSweeps at a time (another at once gets its own set), each buffer up to
// kKeptBufferBytes: an alignment's levels and a short pair's calls find them allocated,
// where each new buffer's first launch costs NVIDIA's driver (device_buffers.hpp).
struct BitparBuffers {
  explicit BitparBuffers(OpenDevice&) {}  // as OpenDevice::state makes it
  GrowingBuffer codes, sweeps, claims, bus, top_left, results, next, stripe_values, meetings, met;
  std::optional<DeviceCounters> progress;
  std::weak_ptr<const void> lent;  // device_buffers.hpp's lend

  // Frees each buffer larger than `bytes`.
  void keep_at_most(std::uint64_t bytes) {
    for (GrowingBuffer* b : {&codes, &sweeps, &claims, &bus, &top_left, &results, &next, &stripe_values, &meetings, &met})
      b->keep_at_most(bytes);
  }
};

// The pieces' sweeps on one device over two strings there; buffers kept from run to run.
class BitparSweeps {
 public:
  // `bus_per_byte`: the bus's bytes per byte of the strings at most (0: a quarter of the
  // device), where the ring's slots are few rather than one a stripe. `codes`: the strings'
  // symbol codes where the caller found them (null: found here).
  BitparSweeps(OpenDevice& device, Geometry geometry, const Params& params, const DeviceStrings& strings,
               std::uint64_t bus_per_byte = 0, const SymbolCodes* codes = nullptr);
  ~BitparSweeps();
  BitparSweeps(const BitparSweeps&) = delete;
  BitparSweeps& operator=(const BitparSweeps&) = delete;

  // Per piece, over the band of its bound (piece.bound, rows its longer side): D', an upper
  // bound of its distance that is exact when at most the bound, as `distance`, and the cell
  // of the middle column where the halves' sum is D', with their values (a's rows and b's
  // columns, whichever side the sweeps took as rows). Pieces have no empty side.
  std::vector<Breakpoint> run(const std::vector<Piece>& pieces);
  // Per piece, D' as run's, from one sweep over all its rows (Halves::whole).
  std::vector<std::int64_t> distances(const std::vector<Piece>& pieces);
  // One sweep (forward or backward) of a piece, only the stripes of `rows`, in tiles of
  // `tile_columns` (a multiple of 32): each tile's top row from `above` (null: the sweep's
  // first block, whose top is row 0), its bottom row to `below` (null: the last block). Its
  // edge: its rows' vertical deltas at the sweep's last column (first and last the block's
  // rows) and its value at its bottom row there.
  SweepEdge block(const Piece& piece, Halves which, const SweepBlock& rows, std::int64_t tile_columns, RowLink* above,
                  RowLink* below);
  std::int64_t stripe_rows() const { return height_; }
  // A piece's two sweeps, forward and backward, as the kernel lays them out (rows, columns,
  // band, stripes; no rows where the piece has a single column).
  std::array<BitparSweep, 2> sweeps_of(const Piece& piece, const SweepShare& share) const;

  Costs costs() const { return costs_; }
  std::uint64_t peak_device_bytes() const { return peak_bytes_; }

 private:
  // The pieces in launches that fit the bus's budget, each as launch() runs it.
  std::vector<Breakpoint> in_launches(const std::vector<Piece>& pieces, Halves halves);
  // The pieces' sweeps of `halves` (both or whole): with both, their breakpoints into `out`;
  // with whole, breakpoints of their distances alone.
  void launch(const Piece* pieces, std::size_t count, Halves halves, std::vector<Breakpoint>& out);

  // A launch's counters reset for `stripes` stripes and `corners` corners, and where its
  // stripes have slots of their own, the slots' `slots_bytes` from `slots_at` marked unstored
  // (cl/bitpar.h).
  void reset_launch(const BitparArgs& args, std::int64_t stripes, std::int64_t corners, bool own_slots,
                    std::uint64_t slots_at, std::uint64_t slots_bytes);
  // The kernel over `stripes` stripes in `sweeps` sweeps of this work, in workgroups_for's
  // workgroups, then the kernels `behind` enqueues after it; waits for all of them.
  void run_stripes(cl::Kernel& kernel, const BitparArgs& args, std::int64_t stripes, std::size_t sweeps,
                   const BandWork& work, BusySpan& busy, const std::function<void()>& behind = [] {});
  // The workgroups of a launch of `stripes` stripes in `sweeps` sweeps of this work.
  std::int64_t workgroups_for(std::int64_t stripes, std::size_t sweeps, const BandWork& work) const;
  // A piece's sweeps as a launch of `halves` plans them, and one of them as the kernel lays
  // it out (its strings, rows, columns, band and stripes; the rest for its launch to fill).
  static SweepPlan plan_of(const Piece& piece, Halves halves, const SweepShare& share = {});
  BitparSweep layout_of(const Piece& piece, const SweepPlan& plan, bool backward) const;

  OpenDevice& device_;
  Geometry geometry_;
  Params params_;
  const DeviceStrings& strings_;
  std::uint64_t bus_budget_;
  std::int64_t lanes_, height_;
  // The kernel of a launch whose stripes have bus slots of their own, or rings (bitpar.cl's
  // OWN_SLOTS; bitpar_vector.cl has one kernel for both), of whole sweeps or of a tile (TILES).
  cl::Kernel& kernel(bool own_slots, bool tiles);
  // bitpar.cl's bitpar_meet, from the program of kernel(own_slots, false), and its workgroup.
  cl::Kernel& meet_kernel(bool own_slots);
  std::size_t meet_workgroup() const;
  // The build options of kernel(own_slots, tiles).
  std::string options(bool own_slots, bool tiles) const;
  // Whether a launch of this work is bound by its chain rather than the device's throughput:
  // fewer than kChainBoundStripesPerUnit stripes a compute unit at work at once.
  bool chain_bound(const BandWork& work) const;
  // Whether a launch of this work runs on slots of their own where it can (the parameter `own`).
  bool own_slots_for(const BandWork& work) const;
  // The stripes a launch of this work keeps at work at once, on average over its chain.
  double stripes_at_once(const BandWork& work) const;
  std::string kernel_file_, kernel_options_;
  std::array<cl::Kernel*, 4> kernels_{};  // through progress, with slots of their own; then the same of tiles
  std::array<cl::Kernel*, 2> meet_kernels_{};  // from the programs of kernels_[0] and [1]
  std::shared_ptr<const void> lease_;   // on the device's set, while this holds it
  std::unique_ptr<BitparBuffers> own_;  // where another holds the device's set
  BitparBuffers& buffers_;              // codes: a, a reversed, b, b reversed
  Costs costs_;
  std::uint64_t peak_bytes_ = 0;
};

}  // namespace levcl::detail
