// The traceback family (cl/wfa_traceback.cl, the layout both share in cl/wfa_traceback.h):
// the CIGARs of pieces of small distance on the device, a workgroup a piece keeping its
// wavefronts in local memory, (d + 1)^2 rows, and tracing them back; the last step of an
// alignment.
#include <algorithm>
#include <chrono>
#include <climits>
#include <memory>

#include "cl/wfa_traceback.h"
#include "runtime/clock.hpp"
#include "engines/registry.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {
namespace {

static_assert(sizeof(TracebackPiece) == 6 * sizeof(cl_long), "cl/wfa_traceback.h has no padding");

// Pieces of distance at most this are traced; larger ones are split first. Its (d + 1)^2
// rows fill 30.9 KiB of local memory, within the 32 KiB every OpenCL device has. Each
// level of an alignment it spares costs a launch and its reads (0.1-0.5 ms on the H200):
// at 32 an HIV-1 pair (distance 1,988) took 12 levels of bitpar's breakpoints.
constexpr std::int64_t kTracebackDistance = 88;

// Pieces a host thread unpacks at least: a launch of fewer (a single pair's, 1,200 of
// HHV-6B x EBV's) stays on one thread, where waking the others cost the H200 host 0.1-0.25
// ms; a batch's hundreds of thousands go over all of them.
constexpr std::size_t kUnpackedPieces = 2048;

// Work-items of a piece's workgroup, over its 2s + 1 diagonals at score s: 64 take a piece
// of distance 32 (65 at most) in one pass a score.
constexpr std::size_t kWorkgroup = 64;

// Front rows a workgroup computes per second: a nominal figure, not measured; its model
// is compared only with other traceback engines' (there are none yet).
constexpr double kFrontRowsPerSecond = 5e7;

struct TracebackArgs {
  cl::Buffer a, b, pieces;
  cl_uint count;
  cl::LocalSpaceArg fronts;
  cl::Buffer runs;
  auto fields() const { return std::tie(a, b, pieces, count, fronts, runs); }
};

// A launch's tables, on the host and the device, kept by the device from call to call:
// their pages and allocations are made once (a fresh 100 MB of host memory costs tens of
// milliseconds of page faults).
// The table goes and the runs come back through pinned memory: 170 MB of runs for 320,000
// pieces took 14 ms of the H100's bus from pageable memory.
struct TracebackBuffers {
  explicit TracebackBuffers(OpenDevice& device) : table(device), runs(device) {}
  Pinned<TracebackPiece> table;
  Pinned<cl_ulong> runs;
  std::vector<std::size_t> written;  // each piece's count of runs
  GrowingBuffer d_table, d_runs;
};

class PieceTracebacks final : public PieceTracer {
 public:
  PieceTracebacks(OpenDevice& device, const DeviceStrings& strings)
      : device_(device), strings_(strings), kept_(device.state<TracebackBuffers>("wfa-traceback")) {}

  // A launch's runs at most this many bytes per byte of the strings: an alignment keeps its
  // breakpoint engine's buffers meanwhile (bitpar's bus: 20 a byte) and traces every piece
  // at its last level (the motivating pair's 65,816 in one launch), where issue 25 asks for
  // 40 bytes a byte in all.
  static constexpr std::uint64_t kRunsPerByte = 12;
  // Whatever the strings' length, a mebibyte of runs a launch: a short pair's pieces in one.
  static constexpr std::uint64_t kLeastRoom = std::uint64_t{1} << 20;

  void run(const std::vector<Piece>& pieces, CigarRuns& runs, std::vector<Span>& spans) override {
    // Launches of at most a sixteenth of device memory (and one buffer) for the runs, and
    // kRunsPerByte of the strings' bytes; a piece at least.
    const DeviceInfo& info = device_.info();
    const std::uint64_t room = std::min({info.global_memory / 16, info.max_allocation,
                                         std::max(kRunsPerByte * strings_.bytes, kLeastRoom)});
    for (std::size_t begin = 0; begin < pieces.size();) {
      std::size_t end = begin;
      std::uint64_t bytes = 0;
      for (; end < pieces.size(); ++end) {
        const std::uint64_t more = TRACEBACK_RUN_SLOTS(pieces[end].bound) * sizeof(cl_ulong);
        if (end > begin && bytes + more > room) break;
        bytes += more;
      }
      launch(&pieces[begin], end - begin, runs, spans);
      begin = end;
    }
  }
  Costs costs() const override { return costs_; }
  std::uint64_t peak_device_bytes() const override {
    return kept_.d_table.bytes() + kept_.d_runs.bytes();
  }

 private:
  void launch(const Piece* pieces, std::size_t count, CigarRuns& runs_out, std::vector<Span>& spans);

  OpenDevice& device_;
  const DeviceStrings& strings_;
  TracebackBuffers& kept_;
  Costs costs_;
};

void PieceTracebacks::launch(const Piece* pieces, std::size_t count, CigarRuns& runs_out,
                             std::vector<Span>& spans) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  TracebackPiece* const table = kept_.table.reserve(count);
  std::uint64_t front_total = 0, run_total = 0;
  std::int64_t largest = 0;  // distance, whose fronts the launch's local memory holds
  for (std::size_t q = 0; q < count; ++q) {
    const Piece& piece = pieces[q];
    table[q] = {piece.a_offset, piece.m, piece.b_offset, piece.n, piece.bound, static_cast<cl_long>(run_total)};
    front_total += TRACEBACK_FRONT_INTS(piece.bound);
    run_total += TRACEBACK_RUN_SLOTS(piece.bound);
    largest = std::max(largest, piece.bound);
  }
  const cl_ulong* const runs = kept_.runs.reserve(run_total);
  double table_ms = 0, kernel_ms = 0, read_ms = 0;
  try {
    cl::Kernel& kernel = device_.kernel("wfa_traceback.cl", "wfa_traceback", "-DEXTEND_WORDS=1");
    TracebackArgs args{strings_.a, strings_.b, kept_.d_table.at_least(device_, count * sizeof(TracebackPiece)),
                       static_cast<cl_uint>(count), cl::Local(TRACEBACK_FRONT_INTS(largest) * sizeof(cl_int)),
                       kept_.d_runs.at_least(device_, run_total * sizeof(cl_ulong))};
    device_.queue().enqueueWriteBuffer(args.pieces, CL_TRUE, 0, count * sizeof(TracebackPiece), table);
    table_ms = 1e3 * seconds_since(start);
    set_args(kernel, args);
    BusySpan busy;
    device_.launch(kernel, count * kWorkgroup, kWorkgroup, busy.event(true));
    device_.wait();
    kernel_ms = 1e3 * seconds_since(start) - table_ms;
    device_.queue().enqueueReadBuffer(args.runs, CL_TRUE, 0, run_total * sizeof(cl_ulong), kept_.runs.data());
    read_ms = 1e3 * seconds_since(start) - table_ms - kernel_ms;
    costs_.kernel_seconds += busy.seconds();
    ++costs_.launches;
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running wfa_traceback on " + device_.info().name);
  }
  costs_.cells += front_total;
  // Each piece's count of runs (checked) read on the host's threads: a piece's runs lie
  // hundreds of bytes from the next one's, a cache and TLB miss each (0.2 s for 320,000
  // pieces read in a row on the H100 host); then where they go, then copied in parallel.
  const Clock::time_point unpack_start = Clock::now();
  std::vector<std::size_t>& written = kept_.written;
  written.resize(count);
  const unsigned threads = thread_count(0);
  const std::size_t slices = slice_count(count, threads, kUnpackedPieces);
  parallel_slices(count, slices, threads, [&](std::size_t, std::size_t from, std::size_t to) {
    for (std::size_t q = from; q < to; ++q) {
      const cl_ulong n = runs[static_cast<std::size_t>(table[q].run_offset)];
      if (n == RUNS_NO_PATH || n > static_cast<cl_ulong>(TRACEBACK_RUN_SLOTS(pieces[q].bound) - 1))
        throw Error(ErrorCode::internal, "wfa_traceback found no path of cost " + std::to_string(pieces[q].bound) +
                                             " through a piece of " + std::to_string(pieces[q].m) + " x " +
                                             std::to_string(pieces[q].n));
      written[q] = static_cast<std::size_t>(n);
    }
  });
  const std::size_t first_span = spans.size();
  std::size_t at = runs_out.size();
  spans.reserve(first_span + count);
  for (std::size_t q = 0; q < count; ++q) {
    spans.push_back({at, written[q]});
    at += written[q];
  }
  runs_out.resize(at);
  parallel_slices(count, slices, threads, [&](std::size_t, std::size_t from, std::size_t to) {
    for (std::size_t q = from; q < to; ++q) {
      const cl_ulong* piece_runs = &runs[static_cast<std::size_t>(table[q].run_offset)];
      CigarRun* out = &runs_out[spans[first_span + q].begin];
      for (cl_ulong r = piece_runs[0]; r > 0; --r)  // written last to first
        *out++ = {RUN_OPERATIONS[piece_runs[r] & ((1u << RUN_CODE_BITS) - 1)], piece_runs[r] >> RUN_CODE_BITS};
    }
  });
  log().debug("traceback: {} piece(s), {} front rows; ms: table {:.1f}, kernel {:.1f}, read {:.1f}, unpack {:.1f}",
              count, front_total, table_ms, kernel_ms, read_ms, 1e3 * seconds_since(unpack_start));
}

std::vector<Variant> traceback_variants() {
  Variant v;
  v.info.name = "wfa-traceback";
  v.info.description =
      "alignments of pieces of distance up to 88, a workgroup each keeping its (d+1)^2 wavefront rows in local memory";
  v.info.uses_device = true;
  v.info.tuned = false;
  v.needs = [](const Params&) {
    return DeviceNeeds{kWorkgroup, TRACEBACK_FRONT_INTS(kTracebackDistance) * sizeof(cl_int)};
  };
  v.traceback.open = [](OpenDevice& device, const DeviceStrings& strings, const Params&) {
    return std::unique_ptr<PieceTracer>(new PieceTracebacks(device, strings));
  };
  v.traceback.max_distance = kTracebackDistance;
  // A diagonal's matches are extended by one work-item alone: 1 Mbp at 99.9% ended in 32
  // pieces of 31 kbp (10.6 ms of kernel on the H100), E. coli in 1,024 of 4.5 kbp (22 ms),
  // where an alignment's level splits them all in about 0.1-1 ms.
  v.traceback.longest_walk = 2048;
  v.traceback.cost = [](const CostInputs&) -> PairCost {
    return [](const PairShape& piece) -> std::optional<Prediction> {
      if (piece.distance < 0) return std::nullopt;
      return Prediction{(piece.distance + 1) * (piece.distance + 1) / kFrontRowsPerSecond, 1};
    };
  };
  return {v};
}

const FamilyRegistration registration{37, "wfa_traceback", traceback_variants};

}  // namespace
}  // namespace levcl::detail
