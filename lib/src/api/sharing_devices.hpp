// Which of a context's devices take shares of a batch (several_devices.cpp).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::detail {

// The devices of `devices` (GPUs where `gpus`) that take shares of a batch: all of them, or
// the first alone where the batch is its host's work (several_devices.cpp: kHostBoundCells).
// Exported for the tests.
LEVCL_API std::size_t sharing_devices(std::size_t devices, bool gpus, const std::vector<std::string_view>& strings,
                                      const std::vector<IndexPair>& pairs);

}  // namespace levcl::detail
