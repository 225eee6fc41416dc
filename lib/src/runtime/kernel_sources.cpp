#include "runtime/kernel_sources.hpp"

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "levcl/levcl.hpp"
#include "runtime/embedded_files.hpp"

namespace levcl::detail {
namespace {

void expand(const std::string& file, std::set<std::string>& included, std::string& out) {
  if (!included.insert(file).second) return;
  static const std::regex include_line(R"re(^\s*#\s*include\s+"([^"]+)"\s*$)re");
  std::istringstream lines(kernel_file(file));
  std::smatch match;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, match, include_line))
      expand(match[1].str(), included, out);
    else
      out += line + '\n';
  }
}

}  // namespace

std::string kernel_file(const std::string& file) {
  // Kernel developers point LEVCL_KERNEL_DIR at cl/ to try edits without rebuilding.
  if (const char* dir = std::getenv("LEVCL_KERNEL_DIR"); dir && *dir) {
    const std::string path = std::string(dir) + "/" + file;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorCode::bad_input, "LEVCL_KERNEL_DIR is set but " + path + " cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  for (const auto& embedded : embedded_kernels())
    if (embedded.name == file) return std::string(embedded.contents);
  throw Error(ErrorCode::internal, "kernel file " + file + " is not embedded in the library");
}

std::string program_source(const std::string& file) {
  std::set<std::string> included;
  std::string out;
  expand(file, included, out);
  return out;
}

}  // namespace levcl::detail
