// Files embedded into the library at build time (cmake/embed_files.cmake).
#pragma once

#include <string_view>
#include <vector>

namespace levcl::detail {

struct EmbeddedFile {
  std::string_view name;
  std::string_view contents;
};

// The kernels of cl/: *.cl and the *.h layouts they share with the host.
const std::vector<EmbeddedFile>& embedded_kernels();

// The shipped tuning database entries of tuning/*.json.
const std::vector<EmbeddedFile>& embedded_tuning();

}  // namespace levcl::detail
