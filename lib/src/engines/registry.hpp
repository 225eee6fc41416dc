// The variant registry. Every variant levcl offers is described once, by its family's own
// files (engines/<family>/): name, description, parameters with their tuner sweeps, what a
// configuration needs from a device, and what it can do (Capability) — each capability with
// the routine that does it and a model of its cost (cost_model.hpp). Everything else — the
// Context, auto and batch routing, alignment, the tuning database, levcl-tune, the tests,
// --list-variants — asks the registry for what it needs, never for a name.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engines/cost_model.hpp"
#include "engines/divergence.hpp"
#include "engines/pieces.hpp"
#include "levcl/levcl.hpp"

namespace levcl::detail {

class OpenDevice;
class Cancellation;
struct DeviceStrings;

// One distance to compute, as a variant's run routine receives it.
struct Call {
  const DivergenceSample& pair;  // the strings a and b, with the sample auto's choice took of them
  Params params;                 // every parameter of the variant, defaults filled in, range-checked
  std::int64_t max_distance;     // no answer above this matters: the caller's k, else max(m, n)
  const Cancellation* cancel;    // the CPU variants check it as they go (device ones: OpenDevice)
};

// What the caller already knows of a batch's pairs, having looked at each (check_batch),
// so that an engine need not look again: whether pair i is strings 2i and 2i + 1 (each
// brings its own two, as Context::distances lays out pairs of views; false where not
// known, as for a share of a call's pairs), and the shortest and longest string of any pair
// (-1: not known).
struct BatchShape {
  bool own = false;
  std::int64_t shortest = -1, longest = -1;
};

// A whole batch, as a batch engine receives it.
struct BatchCall {
  const std::string_view* strings;
  const IndexPair* pairs;     // into strings
  std::size_t count;
  Params params;              // as in Call
  unsigned threads;           // host threads for packing (never 0)
  std::int64_t max_distance;  // the caller's k, or < 0: distances above k need not be exact
  std::int64_t least_distance = 0;  // every pair's distance is known to be at least this (a
                                    // bounded trial's bound + 1): an engine may start there
  BatchShape shape{};
};

// The device memory a configuration needs for a pair: in all, and in its largest buffer.
struct MemoryNeeds {
  std::uint64_t total = 0, largest_buffer = 0;
};

// Why a device cannot hold `needs` (what it needs and what the device has), or "".
std::string memory_shortfall(const DeviceInfo& device, const MemoryNeeds& needs);
// Throws out_of_memory, saying what `what` needs and what the device has, when it does not fit.
void check_memory(const DeviceInfo& device, const MemoryNeeds& needs, const std::string& what);

// What one configuration asks of a device; 0 means nothing to check.
struct DeviceNeeds {
  std::uint64_t workgroup = 0;     // work-items per workgroup
  std::uint64_t local_memory = 0;  // bytes of local memory per workgroup
  std::uint64_t resident_groups = 0;  // workgroups that wait on each other, so must all run at once
};

// Whether workgroups that wait on each other may run on `device`, up to one a compute unit:
// a GPU keeps that many resident whatever a kernel needs; a CPU device (POCL) may run
// workgroups one after another, and a waiting one never returns, but where
// LEVCL_TRUST_CPU_GROUPS=1 trusts one whose compute units are threads that each run a
// workgroup at once (POCL's pthread device, one kernel at a time), so that the tests can
// run them without a GPU.
bool runs_waiting_groups(const DeviceInfo& device);

// The distance of one pair. `device` is null for the CPU variants. Fills distance (or a
// value above call.max_distance) and the costs' cells, kernel_seconds and launches; the
// Context fills in the rest.
struct DistanceCapability {
  std::function<Result(OpenDevice* device, const Call& call)> run;
  CostModel cost;
};

// Every pair of a batch in few launches. Fills out.distances (one per pair, exact) and
// the costs' cells, kernel_seconds and launches; the Context applies max_distance. The
// cost model predicts a pair's own chain of work, and the work-items it holds.
struct BatchCapability {
  std::function<void(OpenDevice* device, const BatchCall& call, BatchResult& out)> run;
  CostModel cost;
};

// Breakpoints of pieces of two strings on the device (pieces.hpp); params: every one.
struct BreakpointCapability {
  std::function<std::unique_ptr<BreakpointFinder>(OpenDevice& device, const DeviceStrings& strings,
                                                  const Params& params)>
      open;
  CostModel cost;
};

// The alignments of pieces of known distance up to max_distance (pieces.hpp).
struct TracebackCapability {
  std::function<std::unique_ptr<PieceTracer>(OpenDevice& device, const DeviceStrings& strings, const Params& params)>
      open;
  std::int64_t max_distance = 0;
  // Pieces longer than this are better split again than traced, where a split leaves both
  // halves an edit (distance 2 or more): the engine walks a piece's matches on one work-item
  // (0: no such length).
  std::int64_t longest_walk = 0;
  CostModel cost;
};

struct Variant {
  VariantInfo info;  // info.capabilities and info.family are filled in by the registry
  // Device variants only: the workgroup and local memory of a configuration, so that
  // unrunnable_reason refuses it before any launch; and the device memory it needs for a
  // pair (the family's own check uses the same formula), so that auto never picks it for a
  // pair it cannot hold.
  std::function<DeviceNeeds(const Params&)> needs;
  std::function<MemoryNeeds(const Params&, const PairShape&)> memory;
  // What it can do: a capability is offered when its routine is set.
  DistanceCapability distance;
  // A pair over several parts, each a share of its rows (bitpar: each sweep's rows in blocks,
  // a part's block each, their bottom rows handed down tile by tile through `links`): the
  // devices of a context over several, or processes (levcl-mpi's ranks). Part 0 computes the
  // distance, as distance.run, `ask(bound)` having every other part run its share of each
  // band it tries; any other part gets follow_rows' share, called with each bound asked (the
  // strings uploaded at the first), its answer sent to part 0. Both null where the family
  // cannot.
  std::function<Result(OpenDevice& device, const PartLinks& links, const std::function<void(std::int64_t)>& ask,
                       const Call& call)>
      lead_rows;
  std::function<std::function<void(std::int64_t bound)>(OpenDevice& device, const PartLinks& links, const Call& call)>
      follow_rows;
  // How a pair under this call spreads over `parts` available (devices like this one, or
  // processes): how many of them it runs over, and the parameters every part then runs
  // with, so that all split its rows alike (bitpar: its `parts` parameter resolved, blocks
  // over all of them where those pay, else its two halves on two).
  struct Spread {
    std::size_t parts = 2;
    Params params;
  };
  std::function<Spread(OpenDevice& device, const Call& call, std::size_t parts)> spread_over;
  BatchCapability batch;
  BreakpointCapability breakpoint;
  TracebackCapability traceback;
  // Parameters over its tuned ones that build faster, at some cost in its kernels (bitpar:
  // unroll 0), which auto takes for a small pair while the tuned configuration's program is
  // not built (ColdPrograms, tuning/choice.hpp: kQuickBuildCells); empty where none.
  Params quick_build;
  // The variant "auto" runs where no tuning-database entry rates any (one in the registry).
  bool auto_fallback = false;

  const CostModel& cost(Capability c) const;
};

// A family's registration: its rank orders --list-variants (the paper's progression:
// CPU references, then the naive GPU baseline, then the wavefront variants in the order
// the paper builds them, then the engines beyond it). Each family's file holds one, as a
// namespace-scope constant:
//   const FamilyRegistration registration{20, "wfa_column", column_variants};
struct FamilyRegistration {
  FamilyRegistration(int rank, const char* family, std::vector<Variant> (*variants)());
};

// Every registered variant, in rank order (then the order each family lists them).
const std::vector<Variant>& registered_variants();

// Throws invalid_argument naming the known variants.
const Variant& find_variant(const std::string& name);

// The variants that can do `capability`, in registry order.
std::vector<const Variant*> variants_with(Capability capability);

// The named variant, which must be able to do `capability`: invalid_argument otherwise,
// naming the variants that can.
const Variant& find_variant(const std::string& name, Capability capability);

// How the named variant runs a batch: through its batch engine where it has one, else
// pair by pair through its distance capability; invalid_argument where it has neither.
Capability batch_capability(const std::string& name);

// The variant "auto" runs where no tuning-database entry rates one.
const Variant& auto_fallback_variant();

// Whether `variant` asks levcl to choose ("auto", or none named).
inline bool is_automatic(std::string_view variant) { return variant.empty() || variant == "auto"; }

// "" if value lies in the parameter's range, else why not ("tile=9 is out of range [1, 8]").
std::string range_error(const ParamSpec& spec, std::int64_t value);

// Defaults filled in; unknown keys and out-of-range values throw invalid_argument.
Params resolve_params(const VariantInfo& info, const Params& given);

// Parameters shared by several families; the same names are the kernels' #defines (in
// upper case), the tuner's sweep and the tuning database's keys.
ParamSpec workgroup_param(std::int64_t default_value);

}  // namespace levcl::detail
