#include <charconv>

#include "variants.hpp"

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

namespace detail {

Params resolve_params(const VariantInfo& info, const Params& given) {
  Params resolved;
  for (const auto& spec : info.params) resolved[spec.name] = spec.default_value;
  for (const auto& [key, value] : given) {
    const ParamSpec* spec = nullptr;
    for (const auto& s : info.params)
      if (s.name == key) spec = &s;
    if (!spec) {
      std::string known;
      for (const auto& s : info.params) known += (known.empty() ? "" : ", ") + s.name;
      throw Error(ErrorCode::invalid_argument, "variant '" + info.name + "' has no parameter '" + key +
                                                   "' (it has: " + (known.empty() ? "none" : known) + ")");
    }
    if (value < spec->min_value || value > spec->max_value)
      throw Error(ErrorCode::invalid_argument, "parameter " + key + "=" + std::to_string(value) +
                                                   " is out of range [" + std::to_string(spec->min_value) +
                                                   ", " + std::to_string(spec->max_value) + "]");
    resolved[key] = value;
  }
  return resolved;
}

}  // namespace detail
}  // namespace levcl
