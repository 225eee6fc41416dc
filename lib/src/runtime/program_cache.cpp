// Building OpenCL programs for a device, through the binary cache (binary_cache.hpp).
//
// Key: SHA-256 of the library version, platform, device name, driver version, build
// options and the full source, so that any change of these builds afresh; an entry holds its
// key and its bytes' checksum, checked before the driver gets them. Entries are written
// atomically, so concurrent processes never read a half-written binary. LEVCL_CACHE_DIR
// moves the cache; LEVCL_NO_CACHE=1 disables it.
#include "runtime/program_cache.hpp"
#include "runtime/clock.hpp"

#include <chrono>

#include "runtime/binary_cache.hpp"
#include "runtime/log.hpp"
#include "version.hpp"

namespace levcl::detail {
namespace {

std::string build_log(const cl::Program& program, const cl::Device& device) {
  try {
    return program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
  } catch (const cl::Error&) {
    return "(no build log)";
  }
}

std::string cache_key(const DeviceInfo& info, const std::string& source, const std::string& options) {
  return sha256_hex(std::string(LEVCL_VERSION_STRING) + '\n' + info.platform + '\n' + info.name + '\n' + info.driver +
                    '\n' + options + '\n' + source);
}

std::optional<cl::Program> load_entry(const BinaryCache& cache, const std::string& key, const cl::Context& context,
                                      const cl::Device& device, const std::string& label, const std::string& options) {
  const auto start = std::chrono::steady_clock::now();
  const auto binary = cache.load(label, key);
  if (!binary) return std::nullopt;
  try {
    cl::Program program(context, {device}, cl::Program::Binaries{std::vector<unsigned char>(binary->begin(), binary->end())});
    program.build({device}, options.c_str());
    log().debug("program {} {} loaded from the cache in {:.3f} s", label, options, seconds_since(start));
    return program;
  } catch (const cl::Error&) {
    log().info("the driver rejects the cached {}; building it from source", label);
    cache.discard(label, key);
    return std::nullopt;
  }
}

}  // namespace

std::optional<cl::Program> load_program(const cl::Context& context, const cl::Device& device, const DeviceInfo& info,
                                        const std::string& label, const std::string& source, const std::string& options) {
  return load_entry(BinaryCache(), cache_key(info, source, options), context, device, label, options);
}

cl::Program build_program(const cl::Context& context, const cl::Device& device, const DeviceInfo& info,
                          const std::string& label, const std::string& source, const std::string& options) {
  const std::string key = cache_key(info, source, options);
  const BinaryCache cache;
  if (auto cached = load_entry(cache, key, context, device, label, options)) return std::move(*cached);
  const auto start = std::chrono::steady_clock::now();
  // A first build can take seconds (POCL compiles with LLVM): say so, or it looks hung.
  log().info("building {} for {} with '{}' (first use of these options on this device{})", label, info.name, options,
             cache.enabled() ? "; later runs load it from " + cache.folder() : "");
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
  log().debug("built {} {} for {} in {:.3f} s", label, options, info.name, seconds_since(start));
  if (const std::string text = build_log(program, device); text.find_first_not_of(" \n\r\t") != std::string::npos)
    log().debug("build log of {}:\n{}", label, text);

  if (cache.enabled()) {
    try {
      const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
      if (!binaries.empty() && !binaries.front().empty())
        cache.store(label, key, std::string(binaries.front().begin(), binaries.front().end()));
    } catch (const Error& e) {
      log().warn("cannot store {} in the program cache: {}", label, e.what());
    } catch (const cl::Error& e) {
      log().warn("cannot read the program binary of {} for the cache: {}", label, cl_error_name(e.err()));
    }
  }
  return program;
}

}  // namespace levcl::detail
