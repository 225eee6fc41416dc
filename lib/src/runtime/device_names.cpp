#include "runtime/device_names.hpp"

#include <regex>
#include <vector>

#include "runtime/text.hpp"

namespace levcl::detail {
namespace {

struct AliasRule {
  std::regex pattern;       // must match the whole name
  std::string replacement;  // std::regex_replace format
};

// Decorations that differ between drivers and versions for the same hardware. POCL names
// a CPU "<prefix>-<LLVM CPU model>-<marketing name>" with prefix "pthread" (older) or
// "cpu" (newer); LLVM's CPU models are lower case, so the model ends at the first "-"
// followed by an upper-case letter (the marketing name may hold more "-", as in
// "16-Core Processor").
const std::vector<AliasRule>& alias_rules() {
  static const std::vector<AliasRule> rules = {
      {std::regex("(?:pthread|cpu)-(.+?)-[A-Z].*"), "$1"},
  };
  return rules;
}

}  // namespace

std::optional<std::string> device_name_alias(const std::string& name) {
  for (const auto& rule : alias_rules())
    if (std::regex_match(name, rule.pattern)) return std::regex_replace(name, rule.pattern, rule.replacement);
  return std::nullopt;
}

std::string device_name_key(const std::string& name) { return lower(device_name_alias(name).value_or(name)); }

}  // namespace levcl::detail
