#include "engines/registry.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace levcl {
namespace detail {
namespace {

struct Family {
  int rank;
  const char* name;
  std::vector<Variant> (*variants)();
};

// Filled by the families' registrations during static initialisation; read afterwards.
std::vector<Family>& families() {
  static std::vector<Family> list;
  return list;
}

std::string known_names(const std::vector<std::string>& names) {
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  return known.empty() ? "none" : known;
}

// What a variant offers, from the routines it set, in the order of the enum.
std::vector<Capability> offered(const Variant& v) {
  std::vector<Capability> out;
  if (v.distance.run) out.push_back(Capability::distance);
  if (v.batch.run) out.push_back(Capability::batch);
  if (v.breakpoint.open) out.push_back(Capability::breakpoint);
  if (v.traceback.open) out.push_back(Capability::traceback);
  return out;
}

}  // namespace

const CostModel& Variant::cost(Capability c) const {
  switch (c) {
    case Capability::distance: return distance.cost;
    case Capability::batch: return batch.cost;
    case Capability::breakpoint: return breakpoint.cost;
    case Capability::traceback: return traceback.cost;
  }
  throw Error(ErrorCode::internal, "unknown capability");
}

FamilyRegistration::FamilyRegistration(int rank, const char* family, std::vector<Variant> (*variants)()) {
  families().push_back({rank, family, variants});
}

const std::vector<Variant>& registered_variants() {
  static const std::vector<Variant> table = [] {
    auto ordered = families();
    std::stable_sort(ordered.begin(), ordered.end(), [](const Family& x, const Family& y) { return x.rank < y.rank; });
    std::vector<Variant> out;
    for (const auto& family : ordered)
      for (auto& v : family.variants()) {
        v.info.family = family.name;
        v.info.capabilities = offered(v);
        out.push_back(std::move(v));
      }
    return out;
  }();
  return table;
}

const Variant& find_variant(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& v : registered_variants()) {
    if (v.info.name == name) return v;
    names.push_back(v.info.name);
  }
  throw Error(ErrorCode::invalid_argument, "unknown variant '" + name + "' (known: " + known_names(names) + ")");
}

std::vector<const Variant*> variants_with(Capability capability) {
  std::vector<const Variant*> out;
  for (const auto& v : registered_variants())
    if (v.info.can(capability)) out.push_back(&v);
  return out;
}

const Variant& find_variant(const std::string& name, Capability capability) {
  const Variant& v = find_variant(name);
  if (v.info.can(capability)) return v;
  std::vector<std::string> able;
  for (const Variant* other : variants_with(capability)) able.push_back(other->info.name);
  throw Error(ErrorCode::invalid_argument, "variant '" + name + "' has no " + capability_name(capability) +
                                               " capability (variants that have: " + known_names(able) + ")");
}

Capability batch_capability(const std::string& name) {
  const VariantInfo& info = find_variant(name).info;
  if (info.can(Capability::batch)) return Capability::batch;
  if (info.can(Capability::distance)) return Capability::distance;
  std::vector<std::string> able;
  for (const auto& v : registered_variants())
    if (v.info.can(Capability::batch) || v.info.can(Capability::distance)) able.push_back(v.info.name);
  throw Error(ErrorCode::invalid_argument, "variant '" + name + "' runs no batch: it has neither the batch nor the "
                                           "distance capability (variants that run one: " + known_names(able) + ")");
}

const Variant& auto_fallback_variant() {
  for (const auto& v : registered_variants())
    if (v.auto_fallback) return v;
  throw Error(ErrorCode::internal, "no variant is registered as the fallback of auto");
}

std::string memory_shortfall(const DeviceInfo& device, const MemoryNeeds& needs) {
  const auto gib = [](std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f GiB", static_cast<double>(bytes) / (1ull << 30));
    return std::string(text);
  };
  if (needs.largest_buffer > device.max_allocation)
    return "a buffer of " + gib(needs.largest_buffer) + ", over " + device.name + "'s " + gib(device.max_allocation) +
           " per buffer";
  if (needs.total > device.global_memory)
    return gib(needs.total) + " of device memory, over " + device.name + "'s " + gib(device.global_memory);
  return "";
}

void check_memory(const DeviceInfo& device, const MemoryNeeds& needs, const std::string& what) {
  if (const std::string why = memory_shortfall(device, needs); !why.empty())
    throw Error(ErrorCode::out_of_memory, "device out of memory: " + what + " needs " + why);
}

std::string range_error(const ParamSpec& spec, std::int64_t value) {
  if (value >= spec.min_value && value <= spec.max_value) return "";
  return spec.name + "=" + std::to_string(value) + " is out of range [" + std::to_string(spec.min_value) + ", " +
         std::to_string(spec.max_value) + "]";
}

Params resolve_params(const VariantInfo& info, const Params& given) {
  Params resolved;
  for (const auto& spec : info.params) resolved[spec.name] = spec.default_value;
  for (const auto& [key, value] : given) {
    const auto spec = std::find_if(info.params.begin(), info.params.end(),
                                   [&key = key](const ParamSpec& s) { return s.name == key; });
    if (spec == info.params.end()) {
      std::vector<std::string> names;
      for (const auto& s : info.params) names.push_back(s.name);
      throw Error(ErrorCode::invalid_argument,
                  "variant '" + info.name + "' has no parameter '" + key + "' (it has: " + known_names(names) + ")");
    }
    if (const std::string why = range_error(*spec, value); !why.empty())
      throw Error(ErrorCode::invalid_argument, "parameter " + why);
    resolved[key] = value;
  }
  return resolved;
}

ParamSpec workgroup_param(std::int64_t default_value) {
  return {"wg", default_value, 1, 1 << 16, "work-items per workgroup", Sweep::workgroup};
}

bool runs_waiting_groups(const DeviceInfo& device) {
  const char* trust = std::getenv("LEVCL_TRUST_CPU_GROUPS");
  return device.type == "gpu" || (trust && std::string(trust) == "1");
}

}  // namespace detail

const std::vector<VariantInfo>& list_variants() {
  static const std::vector<VariantInfo> infos = [] {
    std::vector<VariantInfo> out;
    for (const auto& v : detail::registered_variants()) out.push_back(v.info);
    return out;
  }();
  return infos;
}

const VariantInfo& variant_info(const std::string& name) { return detail::find_variant(name).info; }

const char* capability_name(Capability capability) noexcept {
  switch (capability) {
    case Capability::distance: return "distance";
    case Capability::batch: return "batch";
    case Capability::breakpoint: return "breakpoint";
    case Capability::traceback: return "traceback";
  }
  return "unknown";
}

std::string unrunnable_reason(const DeviceInfo& device, const std::string& variant, const Params& params) {
  const detail::Variant& v = detail::find_variant(variant);
  Params full;
  for (const auto& spec : v.info.params) {
    const auto given = params.find(spec.name);
    const std::int64_t value = given == params.end() ? spec.default_value : given->second;
    if (std::string why = detail::range_error(spec, value); !why.empty()) return why;
    full[spec.name] = value;
  }
  if (!v.needs) return "";
  const detail::DeviceNeeds needs = v.needs(full);
  if (needs.workgroup > device.max_workgroup)
    return "a workgroup of " + std::to_string(needs.workgroup) + " work-items is over " + device.name +
           "'s maximum of " + std::to_string(device.max_workgroup);
  if (needs.local_memory > device.local_memory)
    return variant + " with these parameters needs " + std::to_string(needs.local_memory) +
           " bytes of local memory per workgroup; " + device.name + " has " + std::to_string(device.local_memory);
  if (needs.resident_groups > 1 && !detail::runs_waiting_groups(device))
    return variant + " with " + std::to_string(needs.resident_groups) +
           " workgroups needs them all running at once, which only a GPU is trusted to do; " + device.name + " is a " +
           device.type + " device";
  if (needs.resident_groups > device.compute_units)
    return variant + " with " + std::to_string(needs.resident_groups) + " workgroups needs them all running at once; " +
           device.name + " has " + std::to_string(device.compute_units) + " compute units";
  return "";
}

}  // namespace levcl
