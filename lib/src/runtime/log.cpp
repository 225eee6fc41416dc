#include "runtime/log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>

#include "levcl/levcl.hpp"

namespace levcl {
namespace detail {

spdlog::logger& log() {
  // A logger of our own, not spdlog's default one, so that an application's logging
  // settings and ours stay independent.
  static const std::shared_ptr<spdlog::logger> logger = [] {
    auto l = std::make_shared<spdlog::logger>("levcl", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    l->set_pattern("[levcl %l] %v");
    l->set_level(spdlog::level::warn);
    return l;
  }();
  return *logger;
}

}  // namespace detail

void set_log_level(int verbosity) {
  detail::log().set_level(verbosity <= 0   ? spdlog::level::warn
                          : verbosity == 1 ? spdlog::level::info
                                           : spdlog::level::debug);
}

}  // namespace levcl
