#include "runtime/open_device.hpp"
#include "runtime/clock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <future>
#include <utility>
#include <thread>

#include "runtime/devices.hpp"
#include "runtime/kernel_sources.hpp"
#include "runtime/log.hpp"
#include "runtime/program_cache.hpp"

namespace levcl::detail {
namespace {

// Device times (ns) of the start of `first` and the end of `last`.
BusySpan::Interval interval_of(const cl::Event& first, const cl::Event& last) {
  // Their times are there once each is CL_COMPLETE, which a later command's completion does
  // not always mark (NVIDIA's driver, with a second queue: CL_PROFILING_INFO_NOT_AVAILABLE).
  cl::WaitForEvents({first, last});
  const cl_ulong start = first.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  return {start, std::max(start, last.getProfilingInfo<CL_PROFILING_COMMAND_END>())};
}

}  // namespace

OpenDevice::OpenDevice(const DeviceInfo& info, const Cancellation* cancel, ProgressMeter* progress)
    : info_(info), cancel_(cancel), progress_(progress) {
  const auto start = std::chrono::steady_clock::now();
  try {
    device_ = opencl_device(info);
    context_ = cl::Context(device_);
    // Profiling is on so that results can report the device's busy time.
    queue_ = cl::CommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "opening device " + info.name);
  }
  log().info("device {}:{} {} / {} ({}, driver {})", info.platform_index, info.device_index, info.platform,
             info.name, info.version, info.driver);
  log().debug("opened {} (context and queue) in {:.3f} s", info.name, seconds_since(start));
}

OpenDevice::~OpenDevice() {
  // A counter read left running by an error writes into counter_values_: it ends first.
  if (reading_) counter_read_.wait();
}

namespace {

// LEVCL_BUILD_OPTIONS adds compiler options (e.g. vendor flags) for kernel work.
std::string with_extra_options(const std::string& variant_options) {
  std::string options = variant_options;
  if (const char* extra = std::getenv("LEVCL_BUILD_OPTIONS"); extra && *extra) options += std::string(" ") + extra;
  return options;
}

}  // namespace

void OpenDevice::prepare(const std::string& file, const std::vector<std::string>& variant_options) {
  if (refuse_builds_) return;
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::pair<std::string, std::future<cl::Program>>> building;  // key, program
  for (const std::string& o : variant_options) {
    const std::string options = with_extra_options(o), key = file + " | " + options;
    if (programs_.count(key) || std::any_of(building.begin(), building.end(), [&](const auto& b) { return b.first == key; }))
      continue;
    building.emplace_back(key, std::async(std::launch::async, [this, file, options] {
                            return build_program(context_, device_, info_, file, program_source(file), options);
                          }));
  }
  if (building.empty()) return;
  for (auto& [key, program] : building) {
    try {
      programs_.emplace(key, program.get());
    } catch (const std::exception& e) {
      log().debug("preparing {} failed; it is built again when used: {}", key, e.what());
    }
  }
  build_seconds_ += detail::seconds_since(start);
}

cl::Kernel& OpenDevice::kernel(const std::string& file, const std::string& name, const std::string& variant_options) {
  const std::string options = with_extra_options(variant_options);
  const std::string key = file + " | " + options;
  if (const auto made = kernels_.find(key + " | " + name); made != kernels_.end()) return made->second;
  auto it = programs_.find(key);
  if (it == programs_.end()) {
    const std::string source = program_source(file);
    const auto start = std::chrono::steady_clock::now();
    if (refuse_builds_) {
      auto cached = not_cached_.count(key) ? std::nullopt : load_program(context_, device_, info_, file, source, options);
      if (!cached) {
        not_cached_.insert(key);
        queue_.finish();
        if (second_) second_->finish();
        throw ProgramNotBuilt(file + " " + options);
      }
      it = programs_.emplace(key, std::move(*cached)).first;
    } else {
      it = programs_.emplace(key, build_program(context_, device_, info_, file, source, options)).first;
    }
    build_seconds_ += detail::seconds_since(start);
  }
  try {
    return kernels_.emplace(key + " | " + name, cl::Kernel(it->second, name.c_str())).first->second;
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "creating kernel " + name);
  }
}

OpenDevice::SecondQueue::SecondQueue(OpenDevice& device) : device_(device) {
  try {
    queue_ = cl::CommandQueue(device.context_, device.device_, CL_QUEUE_PROFILING_ENABLE);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "making a second queue on " + device.info_.name);
  }
  device_.second_ = &queue_;
}

OpenDevice::SecondQueue::~SecondQueue() {
  device_.second_ = nullptr;
  try {
    queue_.finish();
  } catch (const cl::Error&) {
    // An error of its commands surfaced where their results were read.
  }
}

void OpenDevice::launch(cl::Kernel& kernel, std::size_t global, std::size_t local, cl::Event* event,
                        cl::CommandQueue* on) {
  if (cancel_) cancel_->check();
  cl::CommandQueue& queue = on ? *on : queue_;
  if (launched_.count(kernel())) {
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, event);
    return;
  }
  queue.finish();
  const auto start = std::chrono::steady_clock::now();
  cl::Event first;
  queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, &first);
  wait(&first);
  const double wall = detail::seconds_since(start);
  const BusySpan::Interval span = interval_of(first, first);
  const double run = static_cast<double>(span.end - span.start) * 1e-9;
  build_seconds_ += std::max(0.0, wall - run);
  launched_.insert(kernel());
  if (event) *event = first;
}

void OpenDevice::wait(const cl::Event* event) {
  cl::Event marker;
  if (!event) {
    queue_.enqueueMarkerWithWaitList(nullptr, &marker);
    event = &marker;
  }
  queue_.flush();
  if (second_) second_->flush();  // the event may be the second queue's
  // A GPU's work is polled for briefly without sleeping (its kernels may take microseconds);
  // a CPU device's, and long waits, a millisecond at a time, leaving the cores to the work.
  const auto start = std::chrono::steady_clock::now();
  const auto spin = info_.type == "gpu" ? std::chrono::milliseconds(20) : std::chrono::milliseconds(0);
  next_read_ = start + std::chrono::milliseconds(500);  // short waits read no counters
  for (;;) {
    const cl_int status = event->getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
    if (status == CL_COMPLETE || status < 0) return;  // an error surfaces at the next blocking call
    if (cancel_) cancel_->check();
    const auto now = std::chrono::steady_clock::now();
    if (watched_) read_counters(now);
    if (now - start < spin)
      std::this_thread::yield();
    else
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

void OpenDevice::read_counters(std::chrono::steady_clock::time_point now) {
  if (reading_) {
    const cl_int status = counter_read_.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
    if (status > CL_COMPLETE) return;  // still on its way
    reading_ = false;
    if (status == CL_COMPLETE) report_(counter_values_, progress());
  }
  if (now < next_read_) return;
  next_read_ = now + std::chrono::milliseconds(250);
  counter_values_.resize(watched_->count());
  // The launch writes the counters as this reads them: each is a whole int, and a value
  // read late only makes the progress lag.
  if (const volatile cl_int* host = watched_->host()) {
    std::copy(host, host + watched_->count(), counter_values_.begin());
    report_(counter_values_, progress());
    return;
  }
  if (!monitor_()) monitor_ = cl::CommandQueue(context_, device_);
  monitor_.enqueueReadBuffer(watched_->buffer(), CL_FALSE, 0, watched_->count() * sizeof(cl_int),
                             counter_values_.data(), nullptr, &counter_read_);
  monitor_.flush();
  reading_ = true;
}

void OpenDevice::end_reading() {
  if (!reading_) return;
  reading_ = false;
  try {
    counter_read_.wait();
  } catch (const cl::Error&) {
    // The launch's own error surfaces where its results are read.
  }
}

cl::Event* BusySpan::event(bool may_be_last) {
  if (!have_first_) {
    have_first_ = true;
    return &first_;
  }
  if (!may_be_last) return nullptr;
  have_last_ = true;
  return &last_;
}

BusySpan::Interval BusySpan::interval() const { return have_first_ ? interval_of(first_, have_last_ ? last_ : first_) : Interval{}; }

double BusySpan::seconds() const {
  const Interval span = interval();
  return static_cast<double>(span.end - span.start) * 1e-9;
}

void OpenDevice::check_launch(const cl::Kernel& kernel, std::size_t wg) const {
  const std::size_t kernel_max = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
  log().debug("kernel {}: at most {} work-items, {} bytes private and {} bytes local memory per work-item/group",
              kernel.getInfo<CL_KERNEL_FUNCTION_NAME>(), kernel_max,
              kernel.getWorkGroupInfo<CL_KERNEL_PRIVATE_MEM_SIZE>(device_),
              kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_));
  // The kernel's own limit is advice only: NVIDIA's driver reports 256 for every kernel
  // on an H100 yet runs workgroups of 1024 (tuning/results/wg_probe.txt). A workgroup it
  // really cannot run fails at the first launch, with CL_INVALID_WORK_GROUP_SIZE.
  if (wg > kernel_max)
    log().info("{} reports at most {} work-items for this kernel; trying {}", info_.name, kernel_max, wg);
  const std::size_t local_total = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_);
  if (local_total > info_.local_memory)
    throw Error(ErrorCode::unsupported, "the kernel needs " + std::to_string(local_total) +
                                            " bytes of local memory per workgroup; " + info_.name + " has " +
                                            std::to_string(info_.local_memory));
}

}  // namespace levcl::detail
