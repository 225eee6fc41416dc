// The OpenCL devices of the machine (list_devices and select_device of levcl.hpp) and the
// driver's handle of one.
#pragma once

#include "levcl/levcl.hpp"
#include "runtime/opencl.hpp"

namespace levcl::detail {

// The cl::Device a DeviceInfo describes; throws device_not_found when it is gone.
cl::Device opencl_device(const DeviceInfo& info);

// Whether the device's platform is NVIDIA's, whose compiler takes inline PTX (shuffles,
// votes, fences) where OpenCL has no sub-group operations.
inline bool nvidia_platform(const DeviceInfo& info) { return info.platform_vendor.find("NVIDIA") != std::string::npos; }

}  // namespace levcl::detail
