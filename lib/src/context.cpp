#include <chrono>
#include <limits>
#include <map>
#include <mutex>
#include <utility>

#include "auto_choice.hpp"
#include "device_runtime.hpp"
#include "levcl/tuning.hpp"
#include "log.hpp"
#include "registry.hpp"

namespace levcl {

double gcups(std::uint64_t len_a, std::uint64_t len_b, double seconds) noexcept {
  return seconds > 0 ? static_cast<double>(len_a) * static_cast<double>(len_b) / seconds / 1e9 : 0.0;
}

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
  return distance(a, b, Options{variant, params, -1});
}

Result Context::distance(std::string_view a, std::string_view b, const Options& options) {
  const std::string& variant = options.variant;
  const bool automatic = variant.empty() || variant == "auto";
  // A named variant's parameters are checked before any device work; "auto" knows its
  // variant only once the device is open.
  if (!automatic) detail::resolve_params(detail::find_variant(variant).info, options.params);
  // Offsets along a diagonal are 32-bit signed integers in every kernel.
  constexpr std::size_t max_length = std::numeric_limits<std::int32_t>::max();
  if (a.size() > max_length || b.size() > max_length)
    throw Error(ErrorCode::input_too_long, "input of " + std::to_string(std::max(a.size(), b.size())) +
                                               " bytes is too long: levcl's 32-bit offsets allow at most " +
                                               std::to_string(max_length) + " bytes per string");

  std::lock_guard<std::mutex> lock(impl_->mutex);
  detail::OpenDevice* device =
      automatic || detail::find_variant(variant).info.uses_device ? &impl_->open() : nullptr;
  // The CPU variants have no parameters to look up.
  const TunedChoice tuned = !device     ? TunedChoice{variant, {}, "defaults"}
                            : automatic ? detail::auto_choice(device->info(), a, b)
                                        : tuned_choice(device->info(), variant);
  const auto& v = detail::find_variant(tuned.variant);
  detail::resolve_params(v.info, options.params);  // for "auto": does the chosen variant have these parameters?
  const auto set = impl_->params.find(v.info.name);
  const auto [resolved, source] =
      merge_params(options.params, set == impl_->params.end() ? Params{} : set->second, tuned);

  if (device)
    if (const std::string why = unrunnable_reason(device->info(), v.info.name, resolved); !why.empty())
      throw Error(ErrorCode::unsupported, v.info.name + ": " + why);

  // No distance exceeds the longer length; a bound below the length difference is
  // already known to be passed, with no engine run at all.
  const std::int64_t longest = static_cast<std::int64_t>(std::max(a.size(), b.size()));
  const std::int64_t difference = static_cast<std::int64_t>(a.size() > b.size() ? a.size() - b.size() : b.size() - a.size());
  const bool bounded = options.max_distance >= 0 && options.max_distance < longest;
  const detail::Call call{a, b, resolved, bounded ? options.max_distance : longest};

  const double built_before = device ? device->build_seconds() : 0.0;
  const auto start = std::chrono::steady_clock::now();
  Result result;
  if (bounded && difference > call.max_distance)
    result.distance = call.max_distance + 1;
  else
    result = v.run(device, call);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.build_seconds = device ? device->build_seconds() - built_before : 0.0;
  result.seconds = std::max(0.0, elapsed - result.build_seconds);
  if (result.distance > call.max_distance) {
    if (!bounded)
      throw Error(ErrorCode::internal, v.info.name + " found no distance up to " + std::to_string(longest) +
                                           ", the length of the longer string");
    result.distance = -1;
  }
  result.variant = v.info.name;
  result.params = resolved;
  result.params_source = source;
  result.device = device ? device->info().name : "cpu";
  detail::log().info(
      "{}: distance {} of {} x {} in {:.6f} s ({} cells, {} launches, kernel {:.6f} s, build {:.3f} s; params from {})",
      result.variant, result.distance, a.size(), b.size(), result.seconds, result.cells, result.launches,
      result.kernel_seconds, result.build_seconds, result.params_source);
  return result;
}

}  // namespace levcl
