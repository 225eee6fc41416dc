// The tuner's search space: what each ParamSpec::sweep means on a device, and the order
// in which a variant's configurations are tried.
#include <algorithm>
#include <cmath>
#include <set>

#include "levcl/tuning.hpp"

namespace levcl {
namespace {

std::vector<std::int64_t> workgroup_values(const DeviceInfo& device, const ParamSpec& spec) {
  const auto top = std::min<std::int64_t>(static_cast<std::int64_t>(device.max_workgroup), spec.max_value);
  std::vector<std::int64_t> values;
  if (device.type == "cpu") {
    for (std::int64_t wg = 1; wg <= top; wg *= 2)
      if (wg >= spec.min_value) values.push_back(wg);
  } else {
    std::vector<std::int64_t> all;
    for (std::int64_t wg = 32; wg <= top; wg += 32)
      if (wg >= spec.min_value) all.push_back(wg);
    if (all.size() <= 64) {
      values = all;
    } else {  // a geometric subset of the multiples: dense at the small end
      std::set<std::int64_t> picked;
      const double n = static_cast<double>(all.size());
      for (int k = 0; k < 64; ++k) {
        const auto i = static_cast<std::size_t>(std::llround(std::pow(n, k / 63.0))) - 1;
        picked.insert(all[std::min(i, all.size() - 1)]);
      }
      values.assign(picked.begin(), picked.end());
    }
  }
  if (values.empty()) values.push_back(std::clamp(spec.default_value, spec.min_value, std::max(top, spec.min_value)));
  return values;
}

std::vector<std::int64_t> tile_values(const ParamSpec& spec, std::int64_t max_tile) {
  const std::int64_t top = max_tile > 0 ? std::min(spec.max_value, max_tile) : spec.max_value;
  std::set<std::int64_t> values;
  for (std::int64_t t = 1; t <= std::min<std::int64_t>(8, top); ++t) values.insert(t);
  for (std::int64_t p = 8; p <= top; p *= 2) {
    values.insert(p);
    if (p + p / 2 <= top) values.insert(p + p / 2);
  }
  values.insert(top);  // the largest allowed
  if (spec.default_value <= top) values.insert(spec.default_value);
  std::vector<std::int64_t> out;
  for (auto t : values)
    if (t >= spec.min_value) out.push_back(t);
  return out;
}

unsigned bit_reverse(unsigned x, unsigned bits) {
  unsigned r = 0;
  for (unsigned i = 0; i < bits; ++i) r |= ((x >> i) & 1u) << (bits - 1 - i);
  return r;
}

}  // namespace

std::vector<std::int64_t> sweep_values(const DeviceInfo& device, const ParamSpec& spec, std::int64_t max_tile) {
  switch (spec.sweep) {
    case Sweep::workgroup:
      return workgroup_values(device, spec);
    case Sweep::tile:
      return tile_values(spec, max_tile);
    case Sweep::read_interval: {
      std::vector<std::int64_t> out;
      for (std::int64_t r : {10, 100, 1000})
        if (r >= spec.min_value && r <= spec.max_value) out.push_back(r);
      if (out.empty()) out.push_back(spec.default_value);
      return out;
    }
    case Sweep::none:
      break;
  }
  return {spec.default_value};
}

std::vector<Configuration> search_space(const DeviceInfo& device, const VariantInfo& variant, std::int64_t max_tile) {
  std::vector<Params> product(1);
  for (const auto& spec : variant.params) {
    const auto values = sweep_values(device, spec, max_tile);
    std::vector<Params> next;
    for (const auto& partial : product)
      for (auto v : values) {
        auto p = partial;
        p[spec.name] = v;
        next.push_back(std::move(p));
      }
    product = std::move(next);
  }
  Params defaults;
  for (const auto& spec : variant.params) defaults[spec.name] = spec.default_value;

  unsigned bits = 0;
  while ((std::size_t{1} << bits) < product.size()) ++bits;
  std::vector<std::size_t> order(product.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return bit_reverse(static_cast<unsigned>(x), bits) < bit_reverse(static_cast<unsigned>(y), bits);
  });

  std::vector<Configuration> out;
  out.push_back({defaults, unrunnable_reason(device, variant.name, defaults)});
  for (auto i : order)
    if (product[i] != defaults) out.push_back({product[i], unrunnable_reason(device, variant.name, product[i])});
  return out;
}

}  // namespace levcl
