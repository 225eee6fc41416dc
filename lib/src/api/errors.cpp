#include "levcl/levcl.hpp"
#include "version.hpp"

namespace levcl {

const char* version() noexcept { return LEVCL_VERSION_STRING; }

Error::Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}

bool is_usage_error(ErrorCode code) noexcept { return static_cast<int>(code) < 100; }

}  // namespace levcl
