// The kernel sources as the library embeds them, for tests that write a broken copy of
// them into a LEVCL_KERNEL_DIR: they need no source tree, so they also run on a GPU host.
#pragma once

#include <filesystem>
#include <fstream>

#include "runtime/embedded_files.hpp"

namespace levcl::test {

// Writes every cl/*.cl file into dir.
inline void write_kernel_sources(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  for (const auto& file : levcl::detail::embedded_kernels())
    std::ofstream(dir / std::string(file.name), std::ios::binary) << file.contents;
}

}  // namespace levcl::test
