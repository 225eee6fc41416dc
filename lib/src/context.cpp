#include <limits>
#include <mutex>

#include "device_runtime.hpp"
#include "log.hpp"
#include "variants.hpp"

namespace levcl {

struct Context::Impl {
  std::string device_spec;
  std::mutex mutex;  // serialises calls on one context
  std::unique_ptr<detail::OpenDevice> device;

  detail::OpenDevice& open() {
    if (!device) device = std::make_unique<detail::OpenDevice>(select_device(device_spec));
    return *device;
  }
};

Context::Context(std::string device_spec) : impl_(std::make_unique<Impl>()) {
  impl_->device_spec = std::move(device_spec);
}
Context::~Context() = default;
Context::Context(Context&&) noexcept = default;
Context& Context::operator=(Context&&) noexcept = default;

const char* Context::default_variant() noexcept { return "pwg"; }

const DeviceInfo& Context::device() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->open().info();
}

Result Context::distance(std::string_view a, std::string_view b, const std::string& variant, const Params& params) {
  const auto& v = detail::find_variant(variant.empty() ? default_variant() : variant);
  const Params resolved = detail::resolve_params(v.info, params);
  // Offsets along a diagonal are 32-bit signed integers in every kernel.
  constexpr std::size_t max_length = std::numeric_limits<std::int32_t>::max();
  if (a.size() > max_length || b.size() > max_length)
    throw Error(ErrorCode::input_too_long, "input of " + std::to_string(std::max(a.size(), b.size())) +
                                               " bytes is too long: levcl's 32-bit offsets allow at most " +
                                               std::to_string(max_length) + " bytes per string");

  std::lock_guard<std::mutex> lock(impl_->mutex);
  detail::OpenDevice* device = v.info.uses_device ? &impl_->open() : nullptr;
  Result result = v.run(device, a, b, resolved);
  result.variant = v.info.name;
  result.params = resolved;
  result.device = device ? device->info().name : "cpu";
  detail::log().info("{}: distance {} of {} x {} in {:.6f} s ({} cells, {} launches, kernel {:.6f} s)",
                     result.variant, result.distance, a.size(), b.size(), result.seconds, result.cells,
                     result.launches, result.kernel_seconds);
  return result;
}

}  // namespace levcl
