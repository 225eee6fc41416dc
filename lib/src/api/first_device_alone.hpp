// Whether a batch on a context of several devices runs on the first alone (several_devices.cpp).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::detail {

// Whether the batch is its host's work on the devices (GPUs where `gpus`), which it then
// runs on the first alone, else dealt over all of them (several_devices.cpp:
// kHostBoundCells). Exported for the tests.
LEVCL_API bool first_device_alone(bool gpus, const std::vector<std::string_view>& strings,
                                  const std::vector<IndexPair>& pairs);

}  // namespace levcl::detail
