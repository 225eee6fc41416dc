// An opened OpenCL device: its context, in-order profiling queues, and the programs
// built for it (kept in memory, and on disk by program_cache); how kernels are launched on
// it and their time measured.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "levcl/levcl.hpp"
#include "runtime/cancellation.hpp"
#include "runtime/device_counters.hpp"
#include "runtime/opencl.hpp"
#include "runtime/progress_meter.hpp"

namespace levcl::detail {

// What kernel() throws while builds are refused (OpenDevice::BuildsRefused) and the program
// it needs is neither built nor in the on-disk cache; what() names the program.
struct ProgramNotBuilt : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class OpenDevice {
 public:
  // `cancel`, when given, stops launches and waits once it is requested; `progress`, when
  // given, is where the calls on the device tell how far they are (both must outlive the
  // device).
  explicit OpenDevice(const DeviceInfo& info, const Cancellation* cancel = nullptr,
                      ProgressMeter* progress = nullptr);
  ~OpenDevice();
  OpenDevice(const OpenDevice&) = delete;
  OpenDevice& operator=(const OpenDevice&) = delete;

  const DeviceInfo& info() const { return info_; }
  cl::Context& context() { return context_; }
  cl::CommandQueue& queue() { return queue_; }
  // A second in-order queue for as long as one lives, for an engine that keeps two streams of
  // work in flight (batch-bitpar's chunks of long pairs): one's copies and kernels run beside
  // the other's where the device runs several queues at once, as a GPU does, instead of after
  // them. wait() flushes it too. Held only while used: on the H100 hosts, the builds that kept
  // one for the device's life ran 10^6 pairs of 150 bp slower in every host phase on one GPU
  // (x1: 16.8 -> 18.7 ms, x4: 21.7 -> 44.5), not measured apart from their other changes.
  class SecondQueue {
   public:
    explicit SecondQueue(OpenDevice& device);
    ~SecondQueue();  // after what it holds has run
    SecondQueue(const SecondQueue&) = delete;
    SecondQueue& operator=(const SecondQueue&) = delete;
    cl::CommandQueue& queue() { return queue_; }

   private:
    OpenDevice& device_;
    cl::CommandQueue queue_;
  };
  const cl::Device& device() const { return device_; }

  // A kernel of the program made of one cl/ file (with the files it includes) and build
  // options, e.g. kernel("wfa_column.cl", "wfa_column", "-DWG=128"). Programs are built
  // once per device and cached on disk; kernels are made once per program, so the
  // reference stays valid for the device's lifetime.
  cl::Kernel& kernel(const std::string& file, const std::string& name, const std::string& options);

  // While one lives, kernel() loads programs from the on-disk cache but builds none: it
  // throws ProgramNotBuilt instead, after everything queued has run (so that the host
  // memory of queued copies outlives them while the caller unwinds); prepare() does nothing.
  // For a caller that has something faster to do than a build (auto's host engines).
  class BuildsRefused {
   public:
    explicit BuildsRefused(OpenDevice& device) : device_(device) { device_.refuse_builds_ = true; }
    ~BuildsRefused() { device_.refuse_builds_ = false; }
    BuildsRefused(const BuildsRefused&) = delete;
    BuildsRefused& operator=(const BuildsRefused&) = delete;

   private:
    OpenDevice& device_;
  };

  // Builds (or loads) the programs of one cl/ file under each of `options` side by side, on
  // threads of their own, for a call that will use them all (an alignment's levels): a
  // driver compiles them at once instead of one at each first launch. Those already made
  // are skipped; a failure is left to kernel(), which builds again and reports it.
  void prepare(const std::string& file, const std::vector<std::string>& options);

  // Enqueues `global` work-items in workgroups of `local` (asking for `event` when not
  // null) on `on` (null: queue()). The first launch of each kernel waits for that queue and
  // counts its time beyond the kernel's own run as build time: drivers such as POCL compile a
  // kernel for its workgroup size only then.
  // Throws cancelled first when a cancel was requested.
  void launch(cl::Kernel& kernel, std::size_t global, std::size_t local, cl::Event* event = nullptr,
              cl::CommandQueue* on = nullptr);
  // The same over `items` work-items, one each, in whole workgroups of `local` (the last
  // one's spare work-items past them).
  void launch_items(cl::Kernel& kernel, std::size_t items, std::size_t local, cl::Event* event = nullptr,
                    cl::CommandQueue* on = nullptr) {
    launch(kernel, (items + local - 1) / local * local, local, event, on);
  }

  // Waits until `event` has completed (null: everything enqueued on queue() so far),
  // checking for a cancel request while it waits (a launch that is running is left to finish;
  // its buffers live until it does). An engine whose one launch may run for long calls this
  // before its blocking read.
  void wait(const cl::Event* event = nullptr);

  // Where the running call tells its progress.
  ProgressMeter& progress() { return progress_ ? *progress_ : own_progress_; }

  // Counters for a launch to keep, where the host can read them as it runs: in host memory
  // on a CPU device, else in device memory.
  DeviceCounters counters(std::size_t count) { return DeviceCounters(context_, info_.type == "cpu", count); }

  // What a launch's counters say of its progress, told to the meter.
  using Report = std::function<void(const std::vector<cl_int>& counters, ProgressMeter& meter)>;

  // While a Watch lives, waits that last over half a second read its counters every quarter
  // second, as the launch runs, and report them.
  class Watch {
   public:
    Watch(OpenDevice& device, const DeviceCounters& counters, Report report) : device_(device) {
      device_.watched_ = &counters;
      device_.report_ = std::move(report);
    }
    ~Watch() {
      device_.end_reading();
      device_.watched_ = nullptr;
    }
    Watch(const Watch&) = delete;
    Watch& operator=(const Watch&) = delete;

   private:
    OpenDevice& device_;
  };

  // Seconds spent building or loading programs on this device so far, first launches included.
  double build_seconds() const { return build_seconds_; }

  // Checks that a kernel built for workgroups of `wg` fits the device's local memory
  // (its static __local arrays included); throws unsupported naming the limit otherwise.
  // The workgroup size and the variants' own local memory are checked before, by
  // unrunnable_reason.
  void check_launch(const cl::Kernel& kernel, std::size_t wg) const;

  // What an engine keeps on this device from call to call (buffers it reuses), made from
  // the device on first use. Calls on a device are serialised by its Context.
  template <typename T>
  T& state(const std::string& key) {
    std::shared_ptr<void>& held = states_[key];
    if (!held) held = std::make_shared<T>(*this);
    return *static_cast<T*>(held.get());
  }

 private:
  DeviceInfo info_;
  cl::Device device_;
  cl::Context context_;
  cl::CommandQueue queue_;
  cl::CommandQueue* second_ = nullptr;  // a SecondQueue's, while it lives
  std::map<std::string, cl::Program> programs_;  // key: file and options
  std::set<std::string> not_cached_;             // programs a refused build found missing from the cache
  std::map<std::string, cl::Kernel> kernels_;    // key: program key and kernel name
  std::set<cl_kernel> launched_;                 // kernels launched at least once
  double build_seconds_ = 0;
  bool refuse_builds_ = false;
  const Cancellation* cancel_;
  ProgressMeter* progress_;
  ProgressMeter own_progress_;  // when the device has no context's meter
  // Reading a Watch's counters: one read at a time, on a queue of its own.
  void read_counters(std::chrono::steady_clock::time_point now);
  void end_reading();
  const DeviceCounters* watched_ = nullptr;
  Report report_;
  cl::CommandQueue monitor_;
  std::vector<cl_int> counter_values_;
  cl::Event counter_read_;
  bool reading_ = false;
  std::chrono::steady_clock::time_point next_read_;
  std::map<std::string, std::shared_ptr<void>> states_;  // last: gone before the queue they use
};

// Sets a kernel's arguments from a struct that names them: `args.fields()` ties its
// members in the kernel's declaration order (each kernel's struct sits next to its host
// routine, mirroring the kernel's signature).
template <typename Args>
void set_args(cl::Kernel& kernel, const Args& args) {
  std::apply([&kernel](const auto&... value) {
    cl_uint index = 0;
    (kernel.setArg(index++, value), ...);
  }, args.fields());
}

// The device's busy span over a run of launches, from the first one's start to the last
// one's end. Events only where the span needs them: one on every launch would cost as
// much as a small launch.
class BusySpan {
 public:
  // The event to ask a launch for, or null; `may_be_last`: the run may end after it.
  cl::Event* event(bool may_be_last);
  double seconds() const;
  // Its first start and last end in the device's time (ns; both 0 when nothing ran), for
  // spans on several queues of one device that may overlap.
  struct Interval {
    cl_ulong start = 0, end = 0;
  };
  Interval interval() const;

 private:
  cl::Event first_, last_;
  bool have_first_ = false, have_last_ = false;
};

}  // namespace levcl::detail
