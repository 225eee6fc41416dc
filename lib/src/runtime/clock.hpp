// The time since a point of the steady clock, for the costs and the debug log.
#pragma once

#include <chrono>

namespace levcl::detail {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace levcl::detail
