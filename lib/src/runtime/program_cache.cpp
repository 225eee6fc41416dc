// The on-disk cache of program binaries.
//
// Key: FNV-1a of the library version, device name, driver version, platform, build
// options and the full source, so that any change of these builds afresh. Files are
// written atomically (write_file_atomically), so concurrent processes never read a
// half-written binary. LEVCL_CACHE_DIR moves the cache; LEVCL_NO_CACHE=1 disables it.
#include "runtime/program_cache.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "levcl/io.hpp"
#include "runtime/log.hpp"
#include "version.hpp"

namespace levcl::detail {
namespace {

namespace fs = std::filesystem;

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ull;
  return hash;
}

bool cache_disabled() {
  const char* v = std::getenv("LEVCL_NO_CACHE");
  return v && *v && std::string(v) != "0";
}

fs::path cache_dir() {
  if (const char* dir = std::getenv("LEVCL_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "levcl";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "levcl";
  return fs::temp_directory_path() / "levcl-cache";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream data;
  data << in.rdbuf();
  return in ? data.str() : std::string();
}

std::string build_log(const cl::Program& program, const cl::Device& device) {
  try {
    return program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
  } catch (const cl::Error&) {
    return "(no build log)";
  }
}

}  // namespace

cl::Program build_program(const cl::Context& context, const cl::Device& device, const DeviceInfo& info,
                          const std::string& label, const std::string& source, const std::string& options) {
  const std::uint64_t key = fnv1a(std::string(LEVCL_VERSION_STRING) + '\n' + info.platform + '\n' + info.name +
                                  '\n' + info.driver + '\n' + options + '\n' + source);
  char name[64];
  std::snprintf(name, sizeof name, "%016llx.bin", static_cast<unsigned long long>(key));
  const fs::path path = cache_dir() / (fs::path(label).stem().string() + "-" + name);

  if (!cache_disabled()) {
    const std::string binary = read_file(path);
    if (!binary.empty()) {
      try {
        cl::Program program(context, {device}, cl::Program::Binaries{std::vector<unsigned char>(binary.begin(), binary.end())});
        program.build({device}, options.c_str());
        log().debug("program {} {} loaded from {}", label, options, path.string());
        return program;
      } catch (const cl::Error&) {
        log().info("cached program {} is unusable; building from source", path.string());
      }
    }
  }

  // A first build can take seconds (POCL compiles with LLVM): say so, or it looks hung.
  log().info("building {} for {} with '{}' (first use of these options on this device{})", label, info.name, options,
             cache_disabled() ? "" : "; later runs load it from " + cache_dir().string());
  cl::Program program;
  try {
    program = cl::Program(context, source);
    program.build({device}, options.c_str());
  } catch (const cl::BuildError& e) {
    throw Error(ErrorCode::build_failure, "building " + label + " for " + info.name + " with options '" + options +
                                              "' failed; build log:\n" + build_log(program, device));
  } catch (const cl::Error& e) {
    if (e.err() == CL_BUILD_PROGRAM_FAILURE || e.err() == CL_INVALID_BUILD_OPTIONS)
      throw Error(ErrorCode::build_failure, "building " + label + " for " + info.name + " with options '" +
                                                options + "' failed; build log:\n" + build_log(program, device));
    throw_opencl_error(e, "building " + label);
  }
  log().debug("built {} for {}", label, info.name);
  if (const std::string text = build_log(program, device); text.find_first_not_of(" \n\r\t") != std::string::npos)
    log().debug("build log of {}:\n{}", label, text);

  if (!cache_disabled()) {
    try {
      const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
      if (!binaries.empty() && !binaries.front().empty()) {
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        write_file_atomically(path.string(), std::string(binaries.front().begin(), binaries.front().end()));
      }
    } catch (const Error& e) {
      log().warn("cannot store {} in the program cache: {}", path.string(), e.what());
    } catch (const cl::Error& e) {
      log().warn("cannot read the program binary of {} for the cache: {}", label, cl_error_name(e.err()));
    }
  }
  return program;
}

}  // namespace levcl::detail
