// Small helpers that levcl-tune and levcl-bench share: list options, number and time
// formatting, file-name parts, and usage errors.
#pragma once

#include <cctype>
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::tools {

// Seconds from `start` until now, on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

[[noreturn]] inline void usage_error(const std::string& message) {
  throw levcl::Error(levcl::ErrorCode::invalid_argument, message);
}

// "a, b,,c" -> {"a", "b", "c"}
inline std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(list);
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

// A comma-separated list of similarities in (0, 1]; `option` names it in errors.
inline std::vector<double> parse_similarities(const std::string& list, const std::string& option) {
  std::vector<double> out;
  for (const auto& item : split(list)) {
    std::size_t used = 0;
    double s = 0;
    try {
      s = std::stod(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != item.size() || !(s > 0 && s <= 1)) usage_error(option + ": '" + item + "' is not a number in (0, 1]");
    out.push_back(s);
  }
  if (out.empty()) usage_error(option + " names no similarity");
  return out;
}

inline std::string fixed(double value, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << value;
  return s.str();
}

// A whole number from 1 to `most`, with an optional suffix k, M or G (1M = 1,000,000);
// `what` names it in errors ("--lengths", "--batch synthetic:...").
inline std::uint64_t parse_count(const std::string& text, const std::string& what, double most) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  double scale = 1;
  if (used + 1 == text.size()) {
    switch (text.back()) {
      case 'k': case 'K': scale = 1e3; break;
      case 'm': case 'M': scale = 1e6; break;
      case 'g': case 'G': scale = 1e9; break;
      default: used = 0;
    }
    if (used) ++used;
  }
  const double count = value * scale;
  if (used != text.size() || !(count >= 1) || count > most ||
      count != static_cast<double>(static_cast<std::uint64_t>(count)))
    usage_error(what + ": '" + text + "' is not a whole number from 1 to " + fixed(most, 0));
  return static_cast<std::uint64_t>(count);
}

// A device or file name as a file-name part: "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3".
inline std::string sanitise(const std::string& name) {
  std::string out;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) out += static_cast<char>(std::tolower(u));
    else if (!out.empty() && out.back() != '-') out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "device" : out;
}


// The command line as typed, for result headers: "levcl-bench --quick a.fa b.fa".
inline std::string command_line(const std::string& program, int argc, char** argv) {
  std::string command = program;
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  return command;
}

}  // namespace levcl::tools
