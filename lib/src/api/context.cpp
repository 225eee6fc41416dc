#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "api/context_impl.hpp"
#include "runtime/clock.hpp"
#include "api/input_rules.hpp"
#include "engines/part_messages.hpp"
#include "engines/registry.hpp"
#include "levcl/tuning.hpp"
#include "runtime/log.hpp"
#include "tuning/choice.hpp"

namespace levcl {

double gcups(std::uint64_t len_a, std::uint64_t len_b, double seconds) noexcept {
  return seconds > 0 ? static_cast<double>(len_a) * static_cast<double>(len_b) / seconds / 1e9 : 0.0;
}

Context::Context(std::string device_spec) : impl_(std::make_unique<Impl>()) {
  // A named device is found now, so that a wrong name fails here; the default one when first
  // needed, so that the CPU variants run where no OpenCL device is installed. Several
  // (named, or by LEVCL_DEVICE): a context on each, made now.
  const char* env = std::getenv("LEVCL_DEVICE");
  const std::string spec = device_spec.empty() && env ? env : device_spec;
  if (!device_spec.empty() || spec == "all" || spec.find(',') != std::string::npos) {
    const std::vector<DeviceInfo> chosen = select_devices(spec);
    if (chosen.size() == 1) impl_->chosen = chosen.front();
    if (chosen.size() > 1)
      for (const DeviceInfo& d : chosen)
        impl_->members.emplace_back(std::to_string(d.platform_index) + ":" + std::to_string(d.device_index));
  }
  impl_->device_spec = std::move(device_spec);
}
Context::~Context() = default;
Context::Context(Context&&) noexcept = default;
Context& Context::operator=(Context&&) noexcept = default;

const char* Context::default_variant() noexcept { return "auto"; }

void Context::cancel() noexcept {
  impl_->cancel.request();
  for (Context& member : impl_->members) member.cancel();
}

Progress Context::progress() const noexcept {
  Progress p = impl_->progress.read();
  if (!p.running || impl_->members.empty()) return p;
  // The chunks finished, counted by the call, and those the devices are running.
  double fractions = 0;
  for (const Context& member : impl_->members)
    if (const Progress running = member.progress(); running.running) {
      p.pairs_done += running.pairs_done;
      fractions += running.fraction;
    }
  p.pairs_done = std::min(p.pairs_done, p.pairs);
  // One pair over two devices: each runs half of its rows.
  if (p.pairs == 1) p.fraction = std::max(p.fraction, std::min(1.0, fractions / 2));
  if (p.pairs > 0) p.fraction = std::max(p.fraction, static_cast<double>(p.pairs_done) / static_cast<double>(p.pairs));
  return p;
}

const DeviceInfo& Context::device() {
  if (!impl_->members.empty()) return impl_->members.front().device();
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->open().info();
}

std::vector<DeviceInfo> Context::devices() {
  if (impl_->members.empty()) return {device()};
  std::vector<DeviceInfo> out;
  for (Context& member : impl_->members) out.push_back(member.device());
  return out;
}

void Context::set_params(const std::string& variant, const Params& params) {
  detail::resolve_params(detail::find_variant(variant).info, params);  // throws for unknown keys and bad values
  for (Context& member : impl_->members) member.set_params(variant, params);
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->params[variant] = params;
}

void Context::set_cold_programs(ColdPrograms policy) {
  for (Context& member : impl_->members) member.set_cold_programs(policy);
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->cold_programs = policy;
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

namespace detail {
void check_length(std::size_t longest) {
  if (longest > max_string_length)
    throw Error(ErrorCode::input_too_long, "input of " + std::to_string(longest) +
                                               " bytes is too long: levcl's 32-bit offsets allow at most " +
                                               std::to_string(max_string_length) + " bytes per string");
}

void check_length(std::string_view a, std::string_view b) { check_length(std::max(a.size(), b.size())); }
}  // namespace detail

bool Context::Impl::uses_device(const std::string& variant, Capability capability) {
  return detail::is_automatic(variant) || detail::find_variant(variant, capability).info.uses_device;
}

Context::Impl::Plan Context::Impl::plan(const std::string& variant, Capability capability, const Params& call_params,
                                        const detail::DivergenceSample* pair) {
  const bool automatic = detail::is_automatic(variant);
  if (automatic && (capability != Capability::distance || !pair))
    throw Error(ErrorCode::internal, "auto plans the distance of a pair only; the caller chooses the variant of others");
  detail::OpenDevice* dev = uses_device(variant, capability) ? &open() : nullptr;
  // The CPU variants have no tuning to look up: their defaults.
  const auto choosing = std::chrono::steady_clock::now();
  const TunedChoice tuned = !dev        ? TunedChoice{variant, detail::resolve_params(detail::find_variant(variant).info, {}), "defaults"}
                            : automatic ? detail::auto_choice(dev->info(), *pair).choice
                                        : tuned_choice(dev->info(), variant);
  const double choice_seconds = detail::seconds_since(choosing);
  if (automatic) detail::log().debug("auto: {} chosen in {:.2f} ms", tuned.variant, 1e3 * choice_seconds);
  const auto& v = detail::find_variant(tuned.variant);
  const Params own = detail::params_for(call_params, v.info.name, !automatic);
  const auto set = params.find(v.info.name);
  auto [resolved, source] = merge_params(own, set == params.end() ? Params{} : set->second, tuned);
  if (dev)
    if (const std::string why = unrunnable_reason(dev->info(), v.info.name, resolved); !why.empty())
      throw Error(ErrorCode::unsupported, v.info.name + ": " + why);
  return Plan{&v, std::move(resolved), std::move(source), dev, &cancel, choice_seconds};
}

Context::Impl::Plan Context::Impl::plan_pair(const Options& options, const detail::DivergenceSample& pair,
                                             std::optional<detail::StringsAhead>& ahead) {
  std::optional<Plan> chosen;
  // The engines auto chooses between read the pair's sample (as auto's choice does): taken
  // while the strings go to the device.
  const auto choose = [&] {
    if (detail::is_automatic(options.variant)) pair.take_with_cheap_bound();
    chosen = plan(options.variant, Capability::distance, options.params, &pair);
    if (chosen->device && chosen->variant->info.planner) pair.estimated_distance();
  };
  if (!uses_device(options.variant, Capability::distance)) {
    choose();
    return *chosen;
  }
  detail::OpenDevice& device = open();  // a context's first call opens it: not the pair's time
  const auto start = std::chrono::steady_clock::now();
  ahead.emplace(device, pair.a(), pair.b(), choose);
  chosen->choice_seconds = detail::seconds_since(start);
  return *chosen;
}

Result Context::Impl::run(const Plan& plan, const detail::DivergenceSample& pair, std::int64_t max_distance,
                          const Spread& spread) {
  const std::string_view a = pair.a(), b = pair.b();
  // No distance exceeds the longer length; a bound below the length difference is
  // already known to be passed, with no engine run at all.
  const std::int64_t longest = static_cast<std::int64_t>(std::max(a.size(), b.size()));
  const std::int64_t difference = static_cast<std::int64_t>(a.size() > b.size() ? a.size() - b.size() : b.size() - a.size());
  const bool bounded = max_distance >= 0 && max_distance < longest;
  const detail::Call call{pair, plan.params, bounded ? max_distance : longest, plan.cancel};

  const double built_before = plan.device ? plan.device->build_seconds() : 0.0;
  const auto start = std::chrono::steady_clock::now();
  Result result;
  if (bounded && difference > call.max_distance)
    result.distance = call.max_distance + 1;
  else if (spread)
    result = spread(call);
  else
    result = plan.variant->distance.run(plan.device, call);
  const double elapsed = detail::seconds_since(start);
  result.costs.build_seconds = plan.device ? plan.device->build_seconds() - built_before : 0.0;
  result.costs.seconds = std::max(0.0, elapsed - result.costs.build_seconds) + plan.choice_seconds;
  if (result.distance > call.max_distance) {
    if (!bounded)
      throw Error(ErrorCode::internal, plan.variant->info.name + " found no distance up to " + std::to_string(longest) +
                                           ", the length of the longer string");
    result.distance = -1;
  }
  return result;
}

std::string Context::Impl::member_label(std::size_t k) const {
  const DeviceInfo& d = *members[k].impl_->chosen;  // a member is made for a named device
  return std::to_string(d.platform_index) + ":" + std::to_string(d.device_index) + " (" + d.name + ")";
}

bool Context::Impl::members_alike() const {
  for (const Context& member : members)
    if (member.impl_->chosen->name != members.front().impl_->chosen->name) return false;
  return true;
}

bool Context::Impl::members_gpus() const {
  for (const Context& member : members)
    if (member.impl_->chosen->type != "gpu") return false;
  return true;
}

Result Context::Impl::run_here(const Plan& plan, const detail::DivergenceSample& pair, std::int64_t max_distance) {
  Result result = run(plan, pair, max_distance);
  name_plan(result, plan, plan.device ? plan.device->info().name : "cpu");
  detail::log().info(
      "{}: distance {} of {} x {} in {:.6f} s ({} cells, {} launches, kernel {:.6f} s, build {:.3f} s; params from {})",
      result.variant, result.distance, pair.a().size(), pair.b().size(), result.costs.seconds, result.costs.cells,
      result.costs.launches, result.costs.kernel_seconds, result.costs.build_seconds, result.params_source);
  return result;
}

Result Context::Impl::run_auto(const Plan& plan, const detail::DivergenceSample& pair, std::int64_t max_distance) {
  if (!plan.device || !detail::avoids_cold_builds(plan.device->info(), cold_programs))
    return run_here(plan, pair, max_distance);
  try {
    const detail::OpenDevice::BuildsRefused no_builds(*plan.device);
    return run_here(plan, pair, max_distance);
  } catch (const detail::ProgramNotBuilt& cold) {
    char why[200];
    if (const auto host = detail::host_while_cold(plan.device->info(), pair, host_while_cold)) {
      std::snprintf(why, sizeof why, "auto: on the host while %s is not built (predicted %.3g s; a first build, %.2g s or more)",
                    cold.what(), host->seconds, detail::kFirstBuildSeconds);
      const Plan on_host{host->variant, detail::resolve_params(host->variant->info, {}), why, nullptr, &cancel,
                         plan.choice_seconds};
      Result result = run_here(on_host, pair, max_distance);
      host_while_cold += result.costs.seconds;  // the call's time, auto's choice included
      return result;
    }
    if (auto quick = detail::quick_build_params(*plan.variant, plan.params,
                                                static_cast<double>(pair.a().size()) * static_cast<double>(pair.b().size()))) {
      Plan quicker = plan;
      quicker.params = std::move(*quick);
      quicker.params_source += "; auto: a quicker build while " + std::string(cold.what()) + " is not built";
      return run_here(quicker, pair, max_distance);
    }
    return run_here(plan, pair, max_distance);
  }
}

void Context::Impl::name_plan(Result& result, const Plan& plan, std::string device) {
  result.variant = plan.variant->info.name;
  result.params = plan.params;
  result.params_source = plan.params_source;
  result.device = std::move(device);
}

bool Context::Impl::splits(const Plan& plan, std::string_view a, std::string_view b) {
  return plan.device && plan.variant->lead_rows &&
         static_cast<double>(a.size()) * static_cast<double>(b.size()) >= detail::kSinglePairCells;
}

std::pair<Context::Impl::Plan, std::size_t> Context::Impl::over_parts(const Plan& plan, const detail::DivergenceSample& pair,
                                                                      std::size_t parts) {
  const std::int64_t longest = static_cast<std::int64_t>(std::max(pair.a().size(), pair.b().size()));
  detail::Variant::Spread spread =
      plan.variant->spread_over(*plan.device, detail::Call{pair, plan.params, longest, plan.cancel}, parts);
  Plan resolved = plan;
  resolved.params = std::move(spread.params);
  return {std::move(resolved), spread.parts};
}

Result Context::Impl::distance_over_devices(std::string_view a, std::string_view b, const Options& options) {
  Context& first = members.front();
  if (members.size() < 2 || static_cast<double>(a.size()) * static_cast<double>(b.size()) < detail::kSinglePairCells)
    return first.distance(a, b, options);
  const detail::DivergenceSample pair(a, b);
  std::optional<Result> result;
  {
    // Every member's lock, always in the members' order.
    std::vector<std::unique_lock<std::mutex>> locks;
    std::vector<std::unique_ptr<CallGuard>> metered;  // each made in place: a guard stops its meter once
    for (Context& member : members) {
      locks.emplace_back(member.impl_->mutex);
      metered.push_back(std::unique_ptr<CallGuard>(new CallGuard(member.impl_->start_call(1))));
    }
    const Plan asked = first.impl_->plan(options.variant, Capability::distance, options.params, &pair);
    if (splits(asked, a, b)) {
      // Every device in use a part, each running the same configuration so that all split the
      // rows alike: all of them where blocks of rows pay, else the first two (the pair's two
      // halves); the others' shares of each band on threads of their own.
      const auto spread = over_parts(asked, pair, members.size());
      const Plan& plan = spread.first;  // (a lambda below takes it: no structured binding)
      const std::size_t parts = spread.second;
      const std::int64_t longest = static_cast<std::int64_t>(std::max(a.size(), b.size()));
      detail::Mailboxes mail(parts);
      std::vector<PartLinks> links;
      for (std::size_t k = 0; k < parts; ++k) links.push_back(mail.links(k));
      std::vector<Impl::RowShare> follow(parts);
      std::string labels = member_label(0);
      for (std::size_t k = 1; k < parts; ++k) {
        const Plan same = members[k].impl_->plan(plan.variant->info.name, Capability::distance, plan.params);
        follow[k] = same.variant->follow_rows(*same.device, links[k], detail::Call{pair, same.params, longest, same.cancel});
        labels += ", " + member_label(k);
      }
      std::vector<std::future<void>> running;
      const auto ask = [&](std::int64_t bound) {
        for (auto& share : running) share.get();  // the band before's, done once part 0 has their answers
        running.clear();
        for (std::size_t k = 1; k < parts; ++k)
          running.push_back(std::async(std::launch::async, [&follow, k, bound] { follow[k](bound); }));
      };
      result = Impl::run(plan, pair, options.max_distance, [&](const detail::Call& call) {
        return plan.variant->lead_rows(*plan.device, links[0], ask, call);
      });
      name_plan(*result, plan, labels);
    }
  }
  if (!result) return first.distance(a, b, options);  // an engine that runs on one device
  detail::log().info("{}: distance {} of {} x {} over {} in {:.6f} s ({} cells, {} launches, kernel {:.6f} s)",
                     result->variant, result->distance, a.size(), b.size(), result->device, result->costs.seconds,
                     result->costs.cells, result->costs.launches, result->costs.kernel_seconds);
  return *result;
}

Result Context::distance(std::string_view a, std::string_view b, const Options& options, const PartLinks& links,
                         const RowParts& ask) {
  check_options(options, Capability::distance);  // before any device work
  detail::check_length(a, b);
  if (detail::has_input_rules(options))
    return distance(compared_bytes(a, options, false), compared_bytes(b, options, true),
                    detail::without_input_rules(options), links, ask);
  if (!impl_->members.empty() || links.parts < 2) return distance(a, b, options);
  std::lock_guard<std::mutex> lock(impl_->mutex);
  const auto metered = impl_->start_call(1);
  const detail::DivergenceSample pair(a, b);
  std::optional<detail::StringsAhead> ahead;
  const Impl::Plan planned = impl_->plan_pair(options, pair, ahead);
  if (!Impl::splits(planned, a, b)) return Impl::run_here(planned, pair, options.max_distance);
  const auto spread = Impl::over_parts(planned, pair, links.parts);  // the other parts are told with each band
  const Impl::Plan& plan = spread.first;
  const std::size_t parts = spread.second;
  const auto asked = [&](std::int64_t bound) { ask(plan.variant->info.name, plan.params, bound); };
  Result result = Impl::run(plan, pair, options.max_distance, [&](const detail::Call& call) {
    return plan.variant->lead_rows(*plan.device, links, asked, call);
  });
  Impl::name_plan(result, plan, plan.device->info().name + " and " + std::to_string(parts - 1) + " more parts");
  detail::log().info("{}: distance {} of {} x {} over {} parts in {:.6f} s ({} cells, {} launches)", result.variant,
                     result.distance, a.size(), b.size(), parts, result.costs.seconds, result.costs.cells,
                     result.costs.launches);
  return result;
}

Context::RowParts Context::row_parts(std::string_view a, std::string_view b, const PartLinks& links) {
  detail::check_length(a, b);
  // The share of the variant and parameters last asked for: the strings uploaded once for
  // every band of them.
  struct Kept {
    std::string variant;
    Params params;
    Impl::RowShare share;
  };
  const auto kept = std::make_shared<std::optional<Kept>>();
  return [this, a, b, &links, kept](const std::string& variant, const Params& params, std::int64_t bound) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    const auto metered = impl_->start_call(1);
    try {
      if (!*kept || (*kept)->variant != variant || (*kept)->params != params) {
        kept->reset();
        const detail::DivergenceSample pair(a, b);
        const Impl::Plan plan = impl_->plan(variant, Capability::distance, params, &pair);
        if (!plan.device || !plan.variant->follow_rows)
          throw Error(ErrorCode::invalid_argument, "variant '" + variant + "' does not spread a pair's rows over parts");
        kept->emplace(Kept{variant, params, plan.variant->follow_rows(*plan.device, links, detail::Call{pair, plan.params, bound, plan.cancel})});
      }
    } catch (const std::exception& e) {
      detail::tell_failure(links, e);
      return;
    }
    (*kept)->share(bound);
  };
}

Context::RowParts Context::failing_parts(const PartLinks& links, const Error& error) {
  return [&links, error](const std::string&, const Params&, std::int64_t) { detail::tell_failure(links, error); };
}

Result Context::distance(std::string_view a, std::string_view b, const Options& options) {
  check_options(options, Capability::distance);  // before any device work
  detail::check_length(a, b);
  if (detail::has_input_rules(options))
    return distance(compared_bytes(a, options, false), compared_bytes(b, options, true),
                    detail::without_input_rules(options));
  if (!impl_->members.empty()) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    const auto metered = impl_->start_call(1);
    return impl_->distance_over_devices(a, b, options);
  }

  std::lock_guard<std::mutex> lock(impl_->mutex);
  const auto metered = impl_->start_call(1);
  const detail::DivergenceSample pair(a, b);
  std::optional<detail::StringsAhead> ahead;
  const Impl::Plan plan = impl_->plan_pair(options, pair, ahead);
  if (detail::is_automatic(options.variant)) return impl_->run_auto(plan, pair, options.max_distance);
  return Impl::run_here(plan, pair, options.max_distance);
}

}  // namespace levcl
