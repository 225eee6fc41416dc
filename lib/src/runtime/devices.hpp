// The OpenCL devices of the machine (list_devices and select_device of levcl.hpp) and the
// driver's handle of one.
#pragma once

#include "levcl/levcl.hpp"
#include "runtime/opencl.hpp"

namespace levcl::detail {

// The cl::Device a DeviceInfo describes; throws device_not_found when it is gone.
cl::Device opencl_device(const DeviceInfo& info);

}  // namespace levcl::detail
