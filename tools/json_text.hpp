// JSON string literals of names that may not be UTF-8 (FASTA headers are bytes).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace levcl::tools {

// The length of the valid UTF-8 sequence at s[i], or 0 when the byte there starts none
// (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
inline std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  const unsigned c = byte(i);
  const auto continuation = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
    return byte(k) >= lo && byte(k) <= hi;
  };
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return continuation(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;  // no overlongs, no surrogates
    return continuation(i + 1, lo, hi) && continuation(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;  // U+10000 .. U+10FFFF
    return continuation(i + 1, lo, hi) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0;
}

// s as a JSON string literal. UTF-8 is kept as it is; a byte that is not part of valid UTF-8
// becomes \udcXX, a lone low surrogate holding the byte (Python's "surrogateescape":
// json.loads(line)["name_a"].encode("utf-8", "surrogateescape") gives the bytes back).
inline std::string json_string(std::string_view s) {
  std::string out = "\"";
  char escaped[8];
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t length = utf8_sequence(s, i);
    if (length == 0) {
      std::snprintf(escaped, sizeof escaped, "\\udc%02x", c);
      out += escaped;
      ++i;
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
      ++i;
    } else if (c < 0x20) {
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
      ++i;
    } else {
      out.append(s.substr(i, length));
      i += length;
    }
  }
  return out + "\"";
}

}  // namespace levcl::tools
