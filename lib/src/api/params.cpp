#include <charconv>

#include "levcl/levcl.hpp"

namespace levcl {

void parse_param(std::string_view key_value, Params& params) {
  const auto eq = key_value.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == key_value.size())
    throw Error(ErrorCode::invalid_argument,
                "malformed parameter '" + std::string(key_value) + "': expected KEY=VALUE");
  const std::string_view key = key_value.substr(0, eq);
  const std::string_view text = key_value.substr(eq + 1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw Error(ErrorCode::invalid_argument,
                "parameter '" + std::string(key) + "' needs an integer, not '" + std::string(text) + "'");
  params[std::string(key)] = value;
}

}  // namespace levcl
