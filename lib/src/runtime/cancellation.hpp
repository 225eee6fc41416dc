// A request to stop a running call early (Context::cancel), set from any thread and
// checked at the points where stopping leaves nothing half done: before a launch, while
// waiting for the device, between pairs and chunks.
#pragma once

#include <atomic>

#include "levcl/levcl.hpp"

namespace levcl::detail {

class Cancellation {
 public:
  void request() noexcept { requested_.store(true, std::memory_order_relaxed); }
  void clear() noexcept { requested_.store(false, std::memory_order_relaxed); }
  // Throws ErrorCode::cancelled once a request was made.
  void check() const {
    if (requested_.load(std::memory_order_relaxed)) throw Error(ErrorCode::cancelled, "cancelled");
  }

 private:
  std::atomic<bool> requested_{false};
};

}  // namespace levcl::detail
