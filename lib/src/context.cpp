#include <limits>
#include <map>
#include <mutex>
#include <utility>

#include "device_runtime.hpp"
#include "log.hpp"
#include "variants.hpp"

namespace levcl {

struct Context::Impl {
  std::string device_spec;
  std::mutex mutex;  // serialises calls on one context
  std::unique_ptr<detail::OpenDevice> device;
  std::map<std::string, Params> params;  // set_params, by variant

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

const char* Context::default_variant() noexcept { return "auto"; }

const DeviceInfo& Context::device() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->open().info();
}

void Context::set_params(const std::string& variant, const Params& params) {
  detail::resolve_params(detail::find_variant(variant).info, params);  // throws for unknown keys and bad values
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->params[variant] = params;
}

namespace {

// Each parameter from the first of: the call, the context, the database's choice (which
// has every parameter). Returns the parameters and where they came from, e.g.
// "call (wg), shipped tuning/default.json (default)".
std::pair<Params, std::string> merge_params(const Params& call, const Params& context, const TunedChoice& tuned) {
  Params merged = tuned.params;
  std::string from_call, from_context;
  bool from_database = false;
  for (auto& [key, value] : merged) {
    std::string* names = nullptr;
    if (const auto it = call.find(key); it != call.end()) {
      value = it->second;
      names = &from_call;
    } else if (const auto jt = context.find(key); jt != context.end()) {
      value = jt->second;
      names = &from_context;
    } else {
      from_database = true;
      continue;
    }
    *names += (names->empty() ? "" : ", ") + key;
  }
  std::string source;
  const auto add = [&source](const std::string& part) { source += (source.empty() ? "" : ", ") + part; };
  if (!from_call.empty()) add("call (" + from_call + ")");
  if (!from_context.empty()) add("context (" + from_context + ")");
  if (from_database || merged.empty()) add(tuned.source);
  return {std::move(merged), std::move(source)};
}

}  // namespace

Result Context::distance(std::string_view a, std::string_view b, const std::string& variant, const Params& params) {
  const bool automatic = variant.empty() || variant == "auto";
  // A named variant's parameters are checked before any device work; "auto" knows its
  // variant only once the device is open.
  if (!automatic) detail::resolve_params(detail::find_variant(variant).info, params);
  // Offsets along a diagonal are 32-bit signed integers in every kernel.
  constexpr std::size_t max_length = std::numeric_limits<std::int32_t>::max();
  if (a.size() > max_length || b.size() > max_length)
    throw Error(ErrorCode::input_too_long, "input of " + std::to_string(std::max(a.size(), b.size())) +
                                               " bytes is too long: levcl's 32-bit offsets allow at most " +
                                               std::to_string(max_length) + " bytes per string");

  std::lock_guard<std::mutex> lock(impl_->mutex);
  detail::OpenDevice* device =
      automatic || detail::find_variant(variant).info.uses_device ? &impl_->open() : nullptr;
  // The CPU references have no parameters to look up.
  const TunedChoice tuned = device ? tuned_choice(device->info(), variant) : TunedChoice{variant, {}, "defaults"};
  const auto& v = detail::find_variant(tuned.variant);
  detail::resolve_params(v.info, params);  // for "auto": does the chosen variant have these parameters?
  const auto set = impl_->params.find(v.info.name);
  const auto [resolved, source] = merge_params(params, set == impl_->params.end() ? Params{} : set->second, tuned);

  if (device)
    if (const std::string why = unrunnable_reason(device->info(), v.info.name, resolved); !why.empty())
      throw Error(ErrorCode::unsupported, v.info.name + ": " + why);

  Result result = v.run(device, a, b, resolved);
  result.variant = v.info.name;
  result.params = resolved;
  result.params_source = source;
  result.device = device ? device->info().name : "cpu";
  detail::log().info("{}: distance {} of {} x {} in {:.6f} s ({} cells, {} launches, kernel {:.6f} s; params from {})",
                     result.variant, result.distance, a.size(), b.size(), result.seconds, result.cells,
                     result.launches, result.kernel_seconds, result.params_source);
  return result;
}

}  // namespace levcl
