// Device names as drivers spell them, and the one key the same hardware is known by: the
// runtime reads a CPU device's model from it, the tuning database matches entries by it.
#pragma once

#include <optional>
#include <string>

namespace levcl::detail {

// What the alias rules make of a device name when one of them matches it, e.g. POCL's
// "pthread-skylake-avx512-AMD EPYC" -> "skylake-avx512"; nullopt when none matches.
std::optional<std::string> device_name_alias(const std::string& name);

// The key device names are compared by: the alias if a rule matches, in lower case.
std::string device_name_key(const std::string& name);

}  // namespace levcl::detail
