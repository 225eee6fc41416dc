// The tuning database (tuning/README.md): entries shipped in the library and the user's
// overlay folder, looked up by device and variant. tuned_choice() in levcl.hpp is its
// public face; this header shares the device-name rules with devices.cpp.
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
