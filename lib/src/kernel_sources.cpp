#include <cstdlib>
#include <fstream>
#include <sstream>

#include "device_runtime.hpp"
#include "embedded_files.hpp"

namespace levcl::detail {

std::string kernel_source(const std::string& file) {
  // Kernel developers point LEVCL_KERNEL_DIR at cl/ to try edits without rebuilding.
  if (const char* dir = std::getenv("LEVCL_KERNEL_DIR"); dir && *dir) {
    const std::string path = std::string(dir) + "/" + file;
    std::ifstream in(path, std::ios::binary);
    if (!in)
      throw Error(ErrorCode::bad_input, "LEVCL_KERNEL_DIR is set but " + path + " cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  for (const auto& embedded : embedded_kernels())
    if (embedded.name == file) return std::string(embedded.contents);
  throw Error(ErrorCode::internal, "kernel file " + file + " is not embedded in the library");
}

}  // namespace levcl::detail
