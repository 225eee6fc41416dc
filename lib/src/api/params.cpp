// Parameters as the caller gives them: parsed from KEY=VALUE, checked before any work, and
// the ones that apply to each variant (a name may be scoped to its variant, "pwg.tile").
#include <charconv>

#include "api/context_impl.hpp"
#include "engines/registry.hpp"
#include "levcl/levcl.hpp"

namespace levcl {
namespace {

// `given` split into the unscoped parameters and, per variant, the scoped ones.
struct Scopes {
  Params unscoped;
  std::map<std::string, Params> scoped;
};
Scopes scopes_of(const Params& given) {
  Scopes s;
  for (const auto& [key, value] : given) {
    const auto dot = key.find('.');
    if (dot == std::string::npos)
      s.unscoped[key] = value;
    else
      s.scoped[key.substr(0, dot)][key.substr(dot + 1)] = value;
  }
  return s;
}

}  // namespace

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

void check_options(const Options& options, Capability capability) {
  const bool automatic = detail::is_automatic(options.variant);
  if (!automatic)
    detail::find_variant(options.variant,
                         capability == Capability::batch ? detail::batch_capability(options.variant) : capability);
  const Scopes s = scopes_of(options.params);
  if (automatic && !s.unscoped.empty()) {
    const auto& [key, value] = *s.unscoped.begin();
    throw Error(ErrorCode::invalid_argument,
                "parameter '" + key + "' names no variant, and auto chooses the variant pair by pair: name the "
                "variant (--variant), or scope the parameter to it (e.g. pwg." + key + "=" + std::to_string(value) +
                ")");
  }
  if (!automatic) detail::resolve_params(detail::find_variant(options.variant).info, s.unscoped);
  for (const auto& [variant, params] : s.scoped) detail::resolve_params(detail::find_variant(variant).info, params);
}

namespace detail {

Params params_for(const Params& given, const std::string& variant, bool named) {
  Scopes s = scopes_of(given);
  Params out = named ? s.unscoped : Params{};
  for (const auto& [key, value] : s.scoped[variant]) out[key] = value;
  return out;
}

}  // namespace detail
}  // namespace levcl
