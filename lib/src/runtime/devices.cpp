// Enumerating OpenCL devices and choosing one by index or by name.
#include "runtime/devices.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <filesystem>

#include "runtime/device_names.hpp"
#include "runtime/log.hpp"
#include "runtime/text.hpp"

namespace levcl {
namespace {

std::string trimmed(std::string s) {
  // Some drivers pad names with spaces or a trailing NUL.
  while (!s.empty() && (s.back() == '\0' || std::isspace(static_cast<unsigned char>(s.back())))) s.pop_back();
  const auto first = s.find_first_not_of(' ');
  return first == std::string::npos ? "" : s.substr(first);
}

std::string type_name(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "gpu";
  if (type & CL_DEVICE_TYPE_CPU) return "cpu";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

std::vector<cl::Platform> platforms() {
  std::vector<cl::Platform> list;
  try {
    cl::Platform::get(&list);
  } catch (const cl::Error& e) {
    // The ICD loader reports "no platform" as an error; for us it is an empty list.
    if (e.err() != -1001 /* CL_PLATFORM_NOT_FOUND_KHR */) detail::throw_opencl_error(e, "listing OpenCL platforms");
  }
  return list;
}

std::vector<cl::Device> devices_of(const cl::Platform& platform) {
  std::vector<cl::Device> list;
  try {
    platform.getDevices(CL_DEVICE_TYPE_ALL, &list);
  } catch (const cl::Error& e) {
    if (e.err() != CL_DEVICE_NOT_FOUND) detail::throw_opencl_error(e, "listing OpenCL devices");
  }
  return list;
}

// cl_nv_device_attribute_query's compute capability (not in every OpenCL header).
constexpr cl_device_info compute_capability_major_nv = 0x4000;
constexpr cl_device_info compute_capability_minor_nv = 0x4001;

// The device's architecture, the tuning database's second matching level: NVIDIA's
// compute capability, AMD's gfx name, POCL's CPU model; "" when unknown.
std::string architecture(const cl::Device& dev, const DeviceInfo& info) {
  if (dev.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_nv_device_attribute_query") != std::string::npos) {
    cl_uint major = 0, minor = 0;
    if (clGetDeviceInfo(dev(), compute_capability_major_nv, sizeof major, &major, nullptr) == CL_SUCCESS &&
        clGetDeviceInfo(dev(), compute_capability_minor_nv, sizeof minor, &minor, nullptr) == CL_SUCCESS)
      return "sm_" + std::to_string(major) + std::to_string(minor);
    return "";
  }
  // ROCm names its devices by architecture ("gfx90a", sometimes with ":sramecc+:xnack-"
  // feature flags); CL_DEVICE_BOARD_NAME_AMD is the marketing name instead.
  if (info.vendor.find("Advanced Micro Devices") != std::string::npos && info.type == "gpu")
    return info.name.substr(0, info.name.find(':'));
  if (info.platform == "Portable Computing Language" && info.type == "cpu")
    return detail::device_name_alias(info.name).value_or("");
  return "";
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// An index of digits; SIZE_MAX (no such device) when it overflows.
std::size_t index_of(const std::string& digits) {
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return ec == std::errc() && end == digits.data() + digits.size() ? value : SIZE_MAX;
}

// Why no device may be found. POCL, the CPU driver, lists no device when it cannot make its
// kernel cache folder: POCL_CACHE_DIR, else $XDG_CACHE_HOME/pocl, else $HOME/.cache/pocl.
std::string no_device_hint() {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists("/etc/OpenCL/vendors/pocl.icd", ec)) return "is an OpenCL driver such as POCL installed?";
  if (std::getenv("POCL_CACHE_DIR")) return "POCL is installed: is POCL_CACHE_DIR a folder you may write to?";
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  fs::path folder = xdg && *xdg ? fs::path(xdg) / "pocl" : fs::path(home && *home ? home : "") / ".cache" / "pocl";
  fs::path existing = folder;  // the folder POCL must create it in
  while (!existing.empty() && existing != existing.root_path() && !fs::exists(existing, ec)) existing = existing.parent_path();
  if (folder.is_relative() || !fs::is_directory(existing, ec) || ::access(existing.c_str(), W_OK) != 0)
    return "POCL, the CPU driver, is installed but cannot create its cache folder " + folder.string() +
           ": set POCL_CACHE_DIR to a folder you may write to";
  return "POCL is installed: POCL_DEVICES may exclude every device";
}

}  // namespace

std::vector<DeviceInfo> list_devices() {
  std::vector<DeviceInfo> out;
  try {
    const auto plats = platforms();
    for (std::size_t p = 0; p < plats.size(); ++p) {
      const auto devs = devices_of(plats[p]);
      for (std::size_t d = 0; d < devs.size(); ++d) {
        const cl::Device& dev = devs[d];
        DeviceInfo info;
        info.platform_index = p;
        info.device_index = d;
        info.platform = trimmed(plats[p].getInfo<CL_PLATFORM_NAME>());
        info.platform_vendor = trimmed(plats[p].getInfo<CL_PLATFORM_VENDOR>());
        info.vendor = trimmed(dev.getInfo<CL_DEVICE_VENDOR>());
        info.name = trimmed(dev.getInfo<CL_DEVICE_NAME>());
        info.version = trimmed(dev.getInfo<CL_DEVICE_VERSION>());
        info.driver = trimmed(dev.getInfo<CL_DRIVER_VERSION>());
        info.type = type_name(dev.getInfo<CL_DEVICE_TYPE>());
        info.compute_units = dev.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
        info.clock_mhz = dev.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>();
        info.max_workgroup = dev.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
        info.local_memory = dev.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
        info.global_memory = dev.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
        info.max_allocation = dev.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
        info.architecture = architecture(dev, info);
        out.push_back(std::move(info));
      }
    }
  } catch (const cl::Error& e) {
    detail::throw_opencl_error(e, "reading OpenCL device information");
  }
  return out;
}

namespace {

// The devices of `devices` that one spec of select_device (not "") names, in order: at most
// one for an index, every match for a name or type.
std::vector<DeviceInfo> named_by(const std::string& spec, const std::vector<DeviceInfo>& devices) {
  std::vector<DeviceInfo> out;
  if (all_digits(spec)) {
    const std::size_t index = index_of(spec);
    if (index < devices.size()) out.push_back(devices[index]);
  } else if (const auto colon = spec.find(':');
             colon != std::string::npos && all_digits(spec.substr(0, colon)) && all_digits(spec.substr(colon + 1))) {
    const std::size_t p = index_of(spec.substr(0, colon)), d = index_of(spec.substr(colon + 1));
    for (const auto& dev : devices)
      if (dev.platform_index == p && dev.device_index == d) out.push_back(dev);
  } else {
    const std::string needle = detail::lower(spec);
    for (const auto& dev : devices)
      if (detail::lower(dev.platform + "\n" + dev.platform_vendor + "\n" + dev.name + "\n" + dev.vendor).find(needle) !=
              std::string::npos ||
          dev.type == needle)
        out.push_back(dev);
  }
  return out;
}

[[noreturn]] void no_device_matches(const std::string& spec, const std::vector<DeviceInfo>& devices) {
  std::string known;
  for (const auto& d : devices)
    known += (known.empty() ? "" : "; ") + std::to_string(d.platform_index) + ":" + std::to_string(d.device_index) + " " + d.platform +
             " / " + d.name;
  throw Error(ErrorCode::device_not_found, "no OpenCL device matches '" + spec + "' (devices: " + known + ")");
}

}  // namespace

DeviceInfo select_device(const std::string& requested) {
  std::string spec = requested;
  if (spec.empty())
    if (const char* env = std::getenv("LEVCL_DEVICE")) spec = env;
  const auto devices = list_devices();
  if (devices.empty())
    throw Error(ErrorCode::device_not_found, "no OpenCL device found (" + no_device_hint() + ")");

  if (spec.empty()) {
    for (const char* type : {"gpu", "cpu"})
      for (const auto& d : devices)
        if (d.type == type) return d;
    return devices.front();
  }
  const std::vector<DeviceInfo> named = named_by(spec, devices);
  if (named.empty()) no_device_matches(spec, devices);
  return named.front();
}

std::vector<DeviceInfo> devices_named(const std::string& spec) {
  if (spec.empty() || spec == "all" || spec.find(',') != std::string::npos) return select_devices(spec);
  const auto devices = list_devices();
  const std::vector<DeviceInfo> named = named_by(spec, devices);
  if (named.empty()) no_device_matches(spec, devices);
  return named;
}

std::vector<DeviceInfo> select_devices(const std::string& requested) {
  std::string spec = requested;
  if (spec.empty())
    if (const char* env = std::getenv("LEVCL_DEVICE")) spec = env;
  if (spec == "all") {
    const auto devices = list_devices();
    if (devices.empty()) throw Error(ErrorCode::device_not_found, "no OpenCL device found (" + no_device_hint() + ")");
    for (const char* type : {"gpu", "cpu"}) {
      std::vector<DeviceInfo> of_type;
      for (const auto& d : devices)
        if (d.type == type) of_type.push_back(d);
      if (!of_type.empty()) return of_type;
    }
    return devices;
  }
  std::vector<DeviceInfo> chosen;
  for (std::size_t from = 0; from <= spec.size();) {
    const std::size_t comma = std::min(spec.find(',', from), spec.size());
    const std::string part = spec.substr(from, comma - from);
    if (part.empty() && spec.find(',') != std::string::npos)
      throw Error(ErrorCode::invalid_argument, "an empty device in '" + spec + "'");
    const DeviceInfo d = select_device(part);
    for (const auto& c : chosen)
      if (c.platform_index == d.platform_index && c.device_index == d.device_index)
        throw Error(ErrorCode::invalid_argument, "'" + spec + "' names device " + std::to_string(d.platform_index) +
                                                     ":" + std::to_string(d.device_index) + " twice");
    chosen.push_back(d);
    from = comma + 1;
  }
  return chosen;
}

namespace detail {

cl::Device opencl_device(const DeviceInfo& info) {
  const auto plats = platforms();
  if (info.platform_index < plats.size()) {
    const auto devs = devices_of(plats[info.platform_index]);
    if (info.device_index < devs.size()) return devs[info.device_index];
  }
  throw Error(ErrorCode::device_not_found, "device " + info.name + " is no longer available");
}

}  // namespace detail
}  // namespace levcl
