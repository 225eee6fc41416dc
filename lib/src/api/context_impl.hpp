// The Context's state, shared by the single-pair call (context.cpp), batches
// (distances.cpp) and alignments (alignment/alignment.cpp).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/device_buffers.hpp"
#include "runtime/open_device.hpp"
#include "runtime/progress_meter.hpp"
#include "engines/registry.hpp"

namespace levcl {
namespace detail {
struct CheckedBatch;
}  // namespace detail

struct Context::Impl {
  std::string device_spec;
  std::optional<DeviceInfo> chosen;  // the device a spec names, resolved when the context is made
  // Over several devices: a context on each; the batches are dealt to them
  // (several_devices.cpp). Empty for one device.
  std::vector<Context> members;
  std::mutex mutex;  // serialises calls on one context
  std::unique_ptr<detail::OpenDevice> device;
  std::map<std::string, Params> params;  // set_params, by variant
  detail::Cancellation cancel;           // Context::cancel: with progress, the only state a call shares without the lock
  detail::ProgressMeter progress;        // Context::progress
  ColdPrograms cold_programs = ColdPrograms::host_on_gpu;
  double host_while_cold = 0;  // seconds of pairs run on the host while their engine's program was not built

  detail::OpenDevice& open() {
    if (!device) device = std::make_unique<detail::OpenDevice>(chosen ? *chosen : select_device(device_spec), &cancel, &progress);
    return *device;
  }

  // Where every call of `pairs` pairs starts, under the lock: a cancel asked for before it
  // is not its own; its progress is metered until the guard goes.
  struct CallGuard {
    detail::ProgressMeter& meter;
    ~CallGuard() { meter.stop(); }
  };
  [[nodiscard]] CallGuard start_call(std::uint64_t pairs) {
    cancel.clear();
    progress.start(pairs);
    return CallGuard{progress};
  }

  // What a call runs: the variant, its parameters and where they came from, and the
  // device (null for the CPU variants). A named variant must have `capability`; "auto"
  // (distance only) picks for `pair`. Opens the device when needed; checks that it
  // can run the configuration. Call under the lock.
  struct Plan {
    const detail::Variant* variant;
    Params params;
    std::string params_source;
    detail::OpenDevice* device;
    const detail::Cancellation* cancel;
    // The choice (auto's with the pair's sample, and the strings' copy beside it): part of
    // the call's time.
    double choice_seconds = 0;
  };
  // Whether a variant (auto included) runs on the context's device.
  static bool uses_device(const std::string& variant, Capability capability);
  Plan plan(const std::string& variant, Capability capability, const Params& call_params,
            const detail::DivergenceSample* pair = nullptr);

  // plan() for a pair's distance; where a device runs it, the pair's strings are copied to
  // it meanwhile (`ahead` holds them for the engine, until the caller's call ends).
  Plan plan_pair(const Options& options, const detail::DivergenceSample& pair,
                 std::optional<detail::StringsAhead>& ahead);

  // One pair under a plan: distance (or -1 above max_distance, when >= 0) and its costs;
  // the rest of the Result is left to the caller. Safe on many threads at once for the CPU
  // variants. With `spread`, the variant's run over more than this device (its halves, or its
  // rows' parts) instead of distance.run: spread(call).
  using Spread = std::function<Result(const detail::Call& call)>;
  // Another part's share of a pair's band (Variant::follow_rows), called with its bound.
  using RowShare = std::function<void(std::int64_t bound)>;
  static Result run(const Plan& plan, const detail::DivergenceSample& pair, std::int64_t max_distance,
                    const Spread& spread = nullptr);
  // One pair under a plan on this context's device (or the CPU), its result named and logged.
  static Result run_here(const Plan& plan, const detail::DivergenceSample& pair, std::int64_t max_distance);
  // One pair under auto's plan: on the host instead while the device would first have to
  // build the engine's program and the host is predicted to finish sooner (ColdPrograms).
  Result run_auto(const Plan& plan, const detail::DivergenceSample& pair, std::int64_t max_distance);
  // What a pair's result says of how it ran: the plan's variant and parameters, and where.
  static void name_plan(Result& result, const Plan& plan, std::string device);
  // The plan of a pair over `parts` available (devices or processes), as its family spreads
  // it (Variant::spread_over): the parameters every part reads, and the parts in use.
  static std::pair<Plan, std::size_t> over_parts(const Plan& plan, const detail::DivergenceSample& pair, std::size_t parts);
  // Whether a pair under a plan is split where a second device or process can take a part.
  static bool splits(const Plan& plan, std::string_view a, std::string_view b);

  // Member k's device as results name it, "P:D (NAME)".
  std::string member_label(std::size_t k) const;
  // Whether the members' devices are one model (as a host's GPUs usually are).
  bool members_alike() const;
  // Whether every member's device is a GPU (unopened: the chosen devices' types).
  bool members_gpus() const;

  // A batch's distances and alignments once Context::distances and aligns have checked it
  // (`checked`: what check_batch found; input rules applied): a context of several devices
  // runs its members' with its own checks, so that no device looks at the batch again.
  BatchResult distances(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                        const Options& options, const detail::CheckedBatch& checked);
  BatchAlignment aligns(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                        const Options& options);
  // A member context's state, for those calls.
  static Impl& of(Context& context) { return *context.impl_; }

  // One pair on a context of several devices: where the pair fills a device
  // (kSinglePairCells) and its engine can spread it (lead_rows and follow_rows), over them
  // all where blocks of its rows pay, else over the first two (the pair's two halves); else on
  // the first.
  Result distance_over_devices(std::string_view a, std::string_view b, const Options& options);
};

namespace detail {
// PartLinks between the parts of one process (a context's devices, each on a thread of its
// own): a queue of bytes from each part to each (several_devices.cpp).
class Mailboxes {
 public:
  explicit Mailboxes(std::size_t parts);
  PartLinks links(std::size_t part);

 private:
  struct Box {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<std::string> bytes;
  };
  std::size_t parts_;
  std::vector<std::unique_ptr<Box>> boxes_;  // from * parts + to
};

// A batch over the context's several devices (Impl::members): shares of the batch, each a
// sample of it, dealt to the devices as they finish their last (one a device where they
// are alike); the parts put back in input order. Call under the lock, with the call started.
BatchResult distances_over_devices(Context::Impl& impl, const std::vector<std::string_view>& strings,
                                   const std::vector<IndexPair>& pairs, const Options& options,
                                   const CheckedBatch& checked);
BatchAlignment aligns_over_devices(Context::Impl& impl, const std::vector<std::string_view>& strings,
                                   const std::vector<IndexPair>& pairs, const Options& options);

// Throws input_too_long when a string is over the kernels' 32-bit offsets.
void check_length(std::string_view a, std::string_view b);
void check_length(std::size_t longest);

// The parameters of `given` that apply where `variant` runs: those scoped to it ("pwg.tile"),
// and the unscoped ones when the caller named it (`named`).
Params params_for(const Params& given, const std::string& variant, bool named);

// A batch of PairViews as a batch over shared strings: pair i is strings 2i and 2i + 1.
struct IndexedPairs {
  std::vector<std::string_view> strings;
  std::vector<IndexPair> pairs;
};
IndexedPairs indexed(const std::vector<PairView>& pairs);

// Checks a batch over shared strings, on `threads` host threads: every pair naming strings
// of the batch (invalid_argument otherwise), each within the 32-bit offsets (a string no
// pair names is never computed, nor looked at). Returns what its one pass learnt: the most
// cells (m * n) of any of its pairs, which auto's routing asks (where it is low, no pass
// over every pair is needed: 10^6 short pairs, each such pass took 1-3 ms of a 35 ms call on
// the H100's host), and the pairs' shape, which a batch engine given all of them reads.
struct CheckedBatch {
  double largest_cells = 0;
  BatchShape shape;
};
CheckedBatch check_batch(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                         unsigned threads);
}  // namespace detail

}  // namespace levcl
