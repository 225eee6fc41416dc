// An opened OpenCL device: its context, an in-order profiling queue, and the programs
// built for it (kept in memory, and on disk by program_cache).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "levcl/levcl.hpp"
#include "opencl.hpp"

namespace levcl::detail {

class OpenDevice {
 public:
  explicit OpenDevice(const DeviceInfo& info);

  const DeviceInfo& info() const { return info_; }
  cl::Context& context() { return context_; }
  cl::CommandQueue& queue() { return queue_; }
  const cl::Device& device() const { return device_; }

  // A kernel of the program made of the given cl/ files (concatenated in order) and
  // build options, e.g. kernel({"wfa_common.cl", "wfa_column.cl"}, "wfa_column", "-DWG=128").
  // Programs are built once per context and cached on disk.
  cl::Kernel kernel(const std::vector<std::string>& files, const std::string& name, const std::string& options);

  // Checks that a kernel built for workgroups of `wg` fits the device's local memory
  // (its static __local arrays included); throws unsupported naming the limit otherwise.
  // The workgroup size and the variants' own local memory are checked before, by
  // unrunnable_reason.
  void check_launch(const cl::Kernel& kernel, std::size_t wg) const;

 private:
  DeviceInfo info_;
  cl::Device device_;
  cl::Context context_;
  cl::CommandQueue queue_;
  std::map<std::string, cl::Program> programs_;  // key: files and options
};

// A read-only copy of a string on the device. The write does not block: the in-order
// queue runs it before any later launch.
cl::Buffer upload_string(OpenDevice& device, std::string_view s);

// Kernel source: LEVCL_KERNEL_DIR/<file> if that variable is set, else the embedded copy.
std::string kernel_source(const std::string& file);

// Builds (or loads from the on-disk cache) a program for one device.
cl::Program build_program(const cl::Context& context, const cl::Device& device, const DeviceInfo& info,
                          const std::string& label, const std::string& source, const std::string& options);

// The cl::Device a DeviceInfo describes.
cl::Device opencl_device(const DeviceInfo& info);

}  // namespace levcl::detail
