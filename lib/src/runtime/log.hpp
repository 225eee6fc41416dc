// levcl's logger: spdlog to standard error, warnings only unless set_log_level asks.
#pragma once

#include <spdlog/spdlog.h>

namespace levcl::detail {

spdlog::logger& log();

}  // namespace levcl::detail
