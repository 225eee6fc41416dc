// Text helpers shared by the library's sources.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>

namespace levcl::detail {

// ASCII lower case, whatever the process locale.
inline std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c); });
  return s;
}

}  // namespace levcl::detail
