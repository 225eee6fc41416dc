// levcl: exact Levenshtein (edit) distance between long byte strings on OpenCL devices.
//
// C++17 API. Every failure is reported as levcl::Error, whose code() says what kind of
// failure it was; the C API (levcl.h) maps these codes to status values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "levcl/export.h"

namespace levcl {

// The longest string levcl takes, in bytes: its kernels' offsets are 32-bit signed integers.
// Longer input is refused (input_too_long), by the readers as soon as they pass it.
inline constexpr std::size_t max_string_length = 2147483647;

// Library version, "MAJOR.MINOR.PATCH".
LEVCL_API const char* version() noexcept;

// Logging to standard error through spdlog: 0 warnings only (default), 1 info,
// 2 debug (per-launch detail).
LEVCL_API void set_log_level(int verbosity);

// Kinds of failure. The command-line tool exits with 2 for the first group (the caller
// asked for something impossible or gave bad input) and 3 for the second (it failed
// while running).
enum class ErrorCode {
  // bad usage or bad input
  invalid_argument = 1,  // unknown variant or parameter, malformed value
  bad_input,             // missing, unreadable, empty or malformed input file
  input_too_long,        // a string longer than the 32-bit offsets allow
  device_not_found,      // no OpenCL device matches the request
  unsupported,           // parameters the device cannot run (workgroup, local memory)
  // failures while running
  out_of_memory = 100,   // device or host allocation failed
  build_failure,         // OpenCL C compiler rejected a kernel (message holds the log)
  opencl,                // any other OpenCL error
  internal,              // a bug in levcl
  write_failure,         // an output file or stream could not be written (disk full, closed)
  cancelled,             // cancel() was called while the call ran (it returned early, no result)
};

// True for the codes that mean "bad usage or bad input".
LEVCL_API bool is_usage_error(ErrorCode code) noexcept;

class LEVCL_API Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message);
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

// Integer tunables by name: "wg", "read-interval", "tile", "diamond", "extend". A name may be
// scoped to a variant, "pwg.tile": it then applies only where that variant runs, as auto
// needs (auto chooses the variant per pair, so it takes scoped parameters only).
using Params = std::map<std::string, std::int64_t>;

// How the parts of one long pair spread over several processes (levcl-mpi's ranks) reach
// each other: this one is part `part` of `parts`; send(to, bytes) and receive(from) carry
// bytes between two parts, received in the order sent (Context::distance with links,
// Context::row_parts). receive blocks until bytes come.
struct PartLinks {
  std::size_t part = 0, parts = 1;
  std::function<void(std::size_t to, std::string bytes)> send;
  std::function<std::string(std::size_t from)> receive;
};

// Parses "KEY=VALUE" into params (throws invalid_argument when malformed).
LEVCL_API void parse_param(std::string_view key_value, Params& params);

struct DeviceInfo {
  std::size_t platform_index = 0;
  std::size_t device_index = 0;  // index within its platform
  std::string platform;          // platform name
  std::string platform_vendor;   // e.g. "The pocl project", "NVIDIA Corporation"
  std::string vendor;
  std::string name;
  std::string version;           // OpenCL version string of the device
  std::string driver;            // driver version
  std::string type;              // "gpu", "cpu", "accelerator", "other"
  std::string architecture;      // e.g. "sm_90" (NVIDIA), the CPU model of POCL; "" if unknown
  std::uint32_t compute_units = 0;
  std::uint32_t clock_mhz = 0;
  std::size_t max_workgroup = 0;
  std::uint64_t local_memory = 0;   // bytes per workgroup
  std::uint64_t global_memory = 0;  // bytes
  std::uint64_t max_allocation = 0; // bytes in one buffer
};

// Every OpenCL device of every platform, in platform order. Empty when no platform is
// installed.
LEVCL_API std::vector<DeviceInfo> list_devices();

// Chooses a device. spec is "" (use LEVCL_DEVICE if set, else the first GPU, else the
// first CPU, else the first device), "P:D" (platform and device index), "N" (the N-th
// device of list_devices()), or a case-insensitive substring of the platform's name or
// vendor, the device's name or vendor, or its type (e.g. "nvidia", "pocl", "h100",
// "gpu"). Throws device_not_found.
LEVCL_API DeviceInfo select_device(const std::string& spec = "");

// Chooses the devices a context spreads its work over: "all" (every GPU, else every CPU
// device, else every device), specs of select_device separated by commas ("0:0,0:1"), or
// one spec (one device; "" reads LEVCL_DEVICE, which may itself name several). Throws
// device_not_found, and invalid_argument for a device named twice.
LEVCL_API std::vector<DeviceInfo> select_devices(const std::string& spec = "");

// Every device a spec names, in list order: as select_devices, except that a name or type
// gives all its matches, not the first ("nvidia": every NVIDIA device), as levcl-mpi's ranks
// take a host's devices in turn. Throws as select_devices.
LEVCL_API std::vector<DeviceInfo> devices_named(const std::string& spec);

// How levcl-tune sweeps a parameter; declared with the parameter, next to its variant.
enum class Sweep {
  none,           // not tuned
  workgroup,      // multiples of the kernel's preferred workgroup multiple up to the device maximum
  tile,           // every tile length the variant and device allow, up to a sensible bound
  read_interval,  // a few orders of magnitude
};

struct ParamSpec {
  std::string name;
  std::int64_t default_value;
  std::int64_t min_value;
  std::int64_t max_value;
  std::string description;
  Sweep sweep = Sweep::none;
};

// How a variant's work grows with a pair: with the whole matrix (m * n cells), or with its
// wavefronts (about d^2 cells for distance d). "auto" weighs the two by their rates.
enum class Work { matrix, wavefront };

// What a variant can do; each variant registers one or more, with a model of their cost.
enum class Capability {
  distance,    // the distance of one pair (Context::distance)
  batch,       // the distances of many pairs in few launches (Context::distances)
  breakpoint,  // a cell of an optimal path through a pair, with both halves' distances
               // (Context::align splits pairs there)
  traceback,   // the alignment of a pair of small, known distance (Context::align's last step)
};
// "distance", "batch", "breakpoint", "traceback".
LEVCL_API const char* capability_name(Capability capability) noexcept;

struct VariantInfo {
  std::string name;
  std::string description;
  bool uses_device;              // false for the CPU variants
  std::vector<ParamSpec> params;
  bool tuned = true;             // levcl-tune sweeps it unless told which variants to tune
                                 // (false for baselines never worth running for speed)
  bool planner = false;          // one of the engines auto chooses between in practice:
                                 // levcl-tune measures them first, with the whole budget
                                 // if they need it, and the paper's others with what is left
  std::string family;            // its kernel family: the name shared by cl/, lib/src/ and the tests
  Work work = Work::wavefront;
  std::vector<Capability> capabilities;  // what it can do, in the order of the enum

  bool can(Capability c) const {
    for (const Capability have : capabilities)
      if (have == c) return true;
    return false;
  }
};

// Why `device` cannot run `variant` with `params` (missing ones take their defaults), or
// "" if it can: a value out of range, a workgroup over the device's maximum, too little
// local memory. The same checks refuse a call before any launch (unsupported), keep an
// impossible tuning-database entry from being used, and let levcl-tune skip a
// configuration without trying it.
LEVCL_API std::string unrunnable_reason(const DeviceInfo& device, const std::string& variant, const Params& params);

// Every variant, in the order of the paper's progression.
LEVCL_API const std::vector<VariantInfo>& list_variants();
// Throws invalid_argument for an unknown name.
LEVCL_API const VariantInfo& variant_info(const std::string& name);

// Giga cell updates per second as the papers report them: len_a * len_b / seconds / 1e9
// (0 when no time was measured).
LEVCL_API double gcups(std::uint64_t len_a, std::uint64_t len_b, double seconds) noexcept;

// What to compute, and how (edlib's config): the variant ("" or "auto": the tuning
// database's choice for the device), its parameters, and max_distance (edlib's k): when
// k >= 0 and the distance is larger, the result says so instead of giving it, and the
// engines stop as soon as they know.
struct Options {
  std::string variant;
  Params params;
  std::int64_t max_distance = -1;  // < 0: no bound
  unsigned threads = 0;            // batches: host threads for CPU variants and packing (0: every core)
  // Input rules: how bytes compare (byte for byte when neither is set). Every engine, the
  // distance and the alignment honour them; results keep the callers' strings as given.
  bool ignore_case = false;  // ASCII letters match whatever their case (soft-masked assemblies)
  bool n_mismatch = false;   // N or n never matches anything, N included, as SAM's NM counts
};

// The bytes a call under `options` compares for s as a pair's a (the reference; as_b false)
// or its b: the input rules applied. pretty_alignment and verify_alignment replay a CIGAR
// found under the rules over these (an N against an N is an X).
LEVCL_API std::string compared_bytes(std::string_view s, const Options& options, bool as_b);

// Checks options before any work: the variant is known and can do `capability`; every
// parameter is one of its own, in range, or scoped to a known variant that has it
// ("pwg.tile"); and under auto every parameter is scoped (invalid_argument otherwise, saying
// how). Every call checks this first; a command can call it before it reads its inputs.
LEVCL_API void check_options(const Options& options, Capability capability = Capability::distance);

// One pair of a batch: views into the caller's memory, which must stay valid during the call.
struct PairView {
  std::string_view a, b;
};

// Which strings of a pair pushed into a stream (DistanceStream, AlignmentStream) the caller
// holds, unchanged in the same memory, until the stream's finish(): those are neither
// copied nor compared, only viewed (an all-vs-all's records, a query against many targets).
struct Held {
  bool a = false, b = false;
};

// One pair of a batch over shared strings: indices into its list of strings.
struct IndexPair {
  std::uint32_t a, b;
};

// What a call cost, the same figures for every kind of result; a run's parts add up with +=.
struct Costs {
  std::uint64_t cells = 0;      // DP or wavefront cells actually computed
  double seconds = 0;           // end to end: strings in host memory to the answer (programs built)
  double build_seconds = 0;     // building or loading programs during the call; 0 once they are built
  double kernel_seconds = 0;    // device busy time, summed over the launches' spans
  std::uint64_t launches = 0;   // kernel enqueues

  Costs& operator+=(const Costs& o) {
    cells += o.cells;
    seconds += o.seconds;
    build_seconds += o.build_seconds;
    kernel_seconds += o.kernel_seconds;
    launches += o.launches;
    return *this;
  }
};

struct Result {
  std::int64_t distance = 0;    // -1 when it is larger than Options::max_distance
  std::string variant;
  Params params;                // every parameter, defaults filled in
  std::string device;           // device name, or "cpu" for the CPU references
  Costs costs;                  // cells, seconds, build and kernel seconds, launches
  std::string params_source;    // where the parameters came from (call, context, database entry, defaults)
};

struct BatchResult {
  std::vector<std::int64_t> distances;                // one per pair, in order; -1 where above max_distance
  std::map<std::string, std::uint64_t> variant_pairs; // how many pairs each variant computed
  std::string device;                                 // device name, or "cpu" when no device was used; over
                                                      // several devices "P:D NAME" of each that ran a chunk, ", "-separated
  Costs costs;                                        // summed over the pairs and launches
};

// An alignment of a against b, global (every byte of both), in the CIGAR's run-length
// form: "=" bytes that match, "X" a byte of a replaced by one of b, "I" a byte of b that a
// lacks (inserted into a: it consumes b only), "D" a byte of a that b lacks (deleted from
// a: it consumes a only). a is the reference and b the query, as SAM's RNAME and read
// (PAF's target and query): I and D mean what they mean there.
struct Alignment {
  std::int64_t distance = 0;  // the edit distance, the CIGAR's cost; -1 above max_distance (no CIGAR)
  std::string cigar;          // e.g. "12=1X3=2I40=1D"; "" for two empty strings
  std::uint64_t a_start = 0, a_end = 0;  // the aligned range of a, [start, end): the whole string
  std::uint64_t b_start = 0, b_end = 0;  // of b
  std::string device;                    // device name
  std::string variant;                   // the breakpoint engine that split the pair (first chosen)
  Params params;                         // its parameters
  Costs costs;                           // over every piece: cells, seconds (strings to CIGAR), ...
  std::uint64_t peak_device_bytes = 0;   // device memory held at once, at most: strings and every buffer
};

struct BatchAlignment {
  std::vector<Alignment> alignments;  // one per pair, in order: distance, CIGAR, ranges (the rest is below)
  std::string device;                 // as BatchResult's
  std::string variant;                // the breakpoint engine; ", "-separated where pairs took several (auto
                                      // chooses each pair's own) or devices differ
  Params params;                      // the first engine's
  Costs costs;
  std::uint64_t peak_device_bytes = 0;
};

// Replays `cigar` over a and b and returns its cost (the number of X, I and D operations;
// M, match or mismatch, also counts its mismatches). Throws invalid_argument when the CIGAR
// is malformed, when "=" covers differing bytes or "X" equal ones, or when it does not
// consume a and b exactly. A CIGAR of a and b is optimal when its cost is their distance.
LEVCL_API std::int64_t verify_alignment(std::string_view a, std::string_view b, std::string_view cigar);

// How far the call running on a context has come (Context::progress). A batch counts its
// pairs as they finish, from inside a launch where the engine counts them on the device;
// one pair reports the share of its work done: stripes of the bit-vector engines, radii of
// the wavefronts (over the distance the call estimates, so it can run ahead), levels of an
// alignment.
struct Progress {
  bool running = false;         // a call is running (the rest is zero when not)
  std::uint64_t pairs = 0;      // the call's pairs (1 for a single pair)
  std::uint64_t pairs_done = 0; // of them, finished
  double fraction = 0;          // of the call's work done, 0 to 1
  double seconds = 0;           // since the call began
};

// What auto does for a single pair while the program its engine needs is neither built on
// the context's device nor in the on-disk program cache (a fresh host, a new driver or
// levcl): a first build takes 0.3-1 s on the H100, where the host's bit vectors compute a
// pair of 10 kbp in about a millisecond.
enum class ColdPrograms {
  build,        // build it, whatever the pair (levcl-bench, which measures the engines warm)
  host_on_gpu,  // on a GPU, run a pair on the host's cheapest engine instead while the host's
                // predicted time, with that of the pairs run so before on this context, stays
                // below a first build's (kFirstBuildSeconds in tuning/choice.hpp), then build
                // (the default; a CPU device builds, as `build`)
  host,         // as host_on_gpu, on any device
};

// An explicit context: one device, its compiled programs and command queue. Calls on
// one context are serialised; separate contexts run concurrently from separate threads.
// A device named by device_spec is found when the context is made (device_not_found
// otherwise); the device is opened on first use, and the default device ("") is also found
// then, so CPU variants work without any OpenCL platform.
// A context over the devices of select_devices(device_spec). Over several, a batch
// (distances, aligns, and the streams over them) is dealt to the devices in shares, each
// a sample of the batch (one a device where the devices are alike, else several, taken as
// each finishes its last), the host's threads divided between them, results in input
// order; a single pair
// runs on the first device. An error on one device ends the call naming it ("device 0:1
// (NAME): ...").
class LEVCL_API Context {
 public:
  explicit Context(std::string device_spec = "");
  ~Context();
  Context(Context&&) noexcept;
  Context& operator=(Context&&) noexcept;
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  // The selected device, the first of several (opens it if needed).
  const DeviceInfo& device();
  // Every device the context spreads its batches over (one unless its spec named several).
  std::vector<DeviceInfo> devices();

  // Parameters for every later call of this variant on this context: they beat the
  // tuning database, and per-call parameters beat them.
  void set_params(const std::string& variant, const Params& params);
  // What auto's single pairs do while their engine's program is not built (ColdPrograms).
  void set_cold_programs(ColdPrograms policy);

  // Edit distance of a and b with the named variant ("" or "auto" = the tuning
  // database's choice for the device) and parameters: per-call ones, then the context's,
  // then the database's, then the defaults. Exact for every variant.
  Result distance(std::string_view a, std::string_view b, const std::string& variant = "",
                  const Params& params = {});
  // The same with every setting in one place, max_distance included.
  Result distance(std::string_view a, std::string_view b, const Options& options);

  // One long pair over several processes (levcl-mpi's ranks), each a part of it, as a
  // context over several devices spreads it over them: where the engine that distance()
  // would run spreads a pair of 2^30 cells or more (bitpar and bitpar-vector: over two parts
  // its two halves, swept from both ends towards the middle column; over more, where it pays,
  // each sweep's rows in blocks, one a part, their bottom rows handed to the part below tile
  // by tile), this context is part 0 (links.part), and `ask` has every other part run its
  // RowParts (from row_parts() of the same strings) with the variant, parameters and bound
  // given, once per band tried; their answers come through `links`. Otherwise neither is
  // used. The result is distance()'s; an error of another part names it.
  using RowParts = std::function<void(const std::string& variant, const Params& params, std::int64_t bound)>;
  Result distance(std::string_view a, std::string_view b, const Options& options, const PartLinks& links,
                  const RowParts& ask);
  // Part links.part's share of a and b on this context's device: each call computes its
  // block of a band and sends it, or its error, to part 0; the strings uploaded once for every
  // band of one variant and parameters. a, b, links and this context must outlive it.
  RowParts row_parts(std::string_view a, std::string_view b, const PartLinks& links);
  // A part that cannot run (its context could not be made): each band answered with `error`.
  static RowParts failing_parts(const PartLinks& links, const Error& error);

  // Edit distances of many pairs in one call: no copies per pair, few launches. "auto"
  // sends the pairs to a batch engine (a variant with Capability::batch, such as
  // `batch-bitpar`: a work-item per pair, every pair of a chunk in one launch) except those
  // that the engines' cost models predict to finish sooner alone, which go to auto's
  // single-pair choice; a named device variant runs every pair (in one batch when it has
  // the batch capability); a CPU variant runs the pairs on options.threads host threads.
  // Batches larger than device memory are cut into chunks.
  BatchResult distances(const std::vector<PairView>& pairs, const Options& options = {});
  // The same over shared strings: pairs of indices into `strings`. A string compared many
  // times (one against many, all against all) is prepared and sent to the device once per
  // chunk, not once per pair.
  BatchResult distances(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                        const Options& options = {});

  // The optimal alignment of a and b (see Alignment), in O(m + n) device memory: a
  // breakpoint engine (Capability::breakpoint, such as `persistent`, where BiWFA's forward
  // and backward wavefronts meet) splits the pair at a cell of an optimal path, every
  // piece is split again, all pieces of a level in one launch, down to pieces of small
  // distance that a traceback engine (Capability::traceback) aligns. options.variant: ""
  // or "auto" (the engines whose cost models predict the least time), or a variant with
  // the breakpoint capability; options.params: its parameters; max_distance as for
  // distance (distance -1 and no CIGAR above it). Throws out_of_memory ("needs X GiB,
  // device has Y GiB") when a piece cannot fit the device.
  Alignment align(std::string_view a, std::string_view b, const Options& options = {});
  // Many pairs at once: every pair's pieces of a level in one launch, as many pairs per
  // launch as device memory allows.
  BatchAlignment aligns(const std::vector<PairView>& pairs, const Options& options = {});
  // The same over shared strings, each sent to the device once (one against many, all
  // against all).
  BatchAlignment aligns(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                        const Options& options = {});

  // Stops the call running on this context now, from any thread (a signal handler's flag,
  // a user interface): it throws Error(cancelled) at its next safe point — before a launch,
  // while waiting for the device, between pairs and chunks — within milliseconds, or when a
  // single launch that is running ends (one launch may compute a whole pair: the GPU is not
  // interrupted). The context stays usable; a call that starts later is not affected.
  void cancel() noexcept;

  // How far the running call has come, from any thread (as cancel); running false when
  // no call runs. Reads what the call last recorded: a launch's device counters are read
  // every quarter second once it has run for half a second.
  Progress progress() const noexcept;

  // The variant used when none is named ("auto").
  static const char* default_variant() noexcept;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace levcl
