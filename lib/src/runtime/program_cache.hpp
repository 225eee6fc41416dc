// Building OpenCL programs, with an on-disk cache of their binaries (program_cache.cpp says
// how the cache is keyed and where it lives).
#pragma once

#include <optional>
#include <string>

#include "levcl/levcl.hpp"
#include "runtime/opencl.hpp"

namespace levcl::detail {

// Builds (or loads from the on-disk cache) a program for one device; `label` names it in
// messages and in the cache's file names. Throws build_failure with the compiler's log.
// The program from the on-disk cache only: nullopt where it holds none the driver takes
// (loading takes milliseconds, a build up to seconds).
std::optional<cl::Program> load_program(const cl::Context& context, const cl::Device& device, const DeviceInfo& info,
                                        const std::string& label, const std::string& source, const std::string& options);

cl::Program build_program(const cl::Context& context, const cl::Device& device, const DeviceInfo& info,
                          const std::string& label, const std::string& source, const std::string& options);

}  // namespace levcl::detail
