#include "variants.hpp"

#include "device_runtime.hpp"

namespace levcl {
namespace detail {
namespace {

// Parameters shared by the OpenCL variants; the same names are used by the kernels'
// #defines, the tuner and the tuning database.
ParamSpec wg_param(std::int64_t default_value) {
  return {"wg", default_value, 1, 1 << 16, "work-items per workgroup", Sweep::workgroup};
}
ParamSpec read_interval_param() {
  return {"read-interval", 100, 1, 1 << 20, "kernel launches between two reads of the result", Sweep::read_interval};
}
ParamSpec diamond_param() {
  // Not swept: diamond=1 only skips work; diamond=0 is there to reproduce the paper's progression.
  return {"diamond", 1, 0, 1, "dynamic diamond: skip diagonals that cannot reach the solution (0 or 1)", Sweep::none};
}

ParamSpec extend_param() {
  // Not swept: the right choice depends on the strings, not the device (wavefront.hpp).
  return {"extend", 1, 0, 2,
          "extend matches 0 a byte at a time, 2 eight bytes at a time, 1 by words when a sample of the strings "
          "looks similar",
          Sweep::none};
}

Variant column_variant(std::string name, std::string description, ColumnStrategy strategy) {
  std::vector<ParamSpec> params = {wg_param(128), diamond_param(), extend_param()};
  if (!strategy.fixed_reads) params.insert(params.begin() + 1, read_interval_param());
  return {{std::move(name), std::move(description), true, std::move(params)},
          [strategy](OpenDevice* device, std::string_view a, std::string_view b, const Params& p) {
            return run_wfa_column(*device, strategy, a, b, p);
          }};
}

ParamSpec tile_param(std::int64_t default_value, std::int64_t max_value) {
  return {"tile", default_value, 1, max_value, "tile length t: a diamond tile has 2t^2 cells, a band t radii",
          Sweep::tile};
}

Variant band_variant(std::string name, std::string description, BandKernel kind) {
  std::vector<ParamSpec> params;
  if (kind == BandKernel::pwg) {
    params = {tile_param(127, 511)};  // the workgroup is 2t + 2 = 256 work-items by default
  } else {
    // Private tiles must unroll completely to stay in registers; keep them short.
    params = {wg_param(64), tile_param(2, kind == BandKernel::tile_private ? 8 : 64)};
  }
  params.push_back(read_interval_param());
  params.push_back(diamond_param());
  params.push_back(extend_param());
  return {{std::move(name), std::move(description), true, std::move(params)},
          [kind](OpenDevice* device, std::string_view a, std::string_view b, const Params& p) {
            return run_wfa_band(*device, kind, a, b, p);
          }};
}

const std::vector<Variant>& variants() {
  static const std::vector<Variant> table = {
      {{"cpu-dp", "CPU reference: two-row Wagner-Fischer dynamic programme", false, {}},
       [](OpenDevice*, std::string_view a, std::string_view b, const Params&) { return run_cpu_dp(a, b); }},
      {{"cpu-wfa", "CPU reference: wavefront algorithm with two columns", false, {}},
       [](OpenDevice*, std::string_view a, std::string_view b, const Params&) { return run_cpu_wfa(a, b); }},
      {{"antidiagonal", "plain DP on anti-diagonals, three rotating buffers, one launch per anti-diagonal", true,
        {wg_param(128)}},
       [](OpenDevice* d, std::string_view a, std::string_view b, const Params& p) {
         return run_antidiagonal(*d, a, b, p);
       }},
      column_variant("baseline", "one work-item per cell of the whole column, one launch and one read per radius",
                     {true, true, false}),
      column_variant("dynamic", "NDRange shrinks to the live diagonals, one read per radius", {false, true, false}),
      column_variant("minreads", "live diagonals only, one read every read-interval launches",
                     {false, false, false}),
      column_variant("prefetch", "minreads with the previous column staged in local memory",
                     {false, false, true}),
      band_variant("tile-local", "one work-item per diamond tile, working store in local memory",
                   BandKernel::tile_local),
      band_variant("tile-global", "one work-item per diamond tile, working store in global memory",
                   BandKernel::tile_global),
      band_variant("tile-private", "one work-item per diamond tile, working store in registers",
                   BandKernel::tile_private),
      band_variant("pwg", "one workgroup of 2t+2 work-items per diamond tile, one diagonal each", BandKernel::pwg),
  };
  return table;
}

}  // namespace

const Variant& find_variant(const std::string& name) {
  for (const auto& v : variants())
    if (v.info.name == name) return v;
  std::string known;
  for (const auto& v : variants()) known += (known.empty() ? "" : ", ") + v.info.name;
  throw Error(ErrorCode::invalid_argument, "unknown variant '" + name + "' (known: " + known + ")");
}

}  // namespace detail

const std::vector<VariantInfo>& list_variants() {
  static const std::vector<VariantInfo> infos = [] {
    std::vector<VariantInfo> out;
    for (const auto& v : detail::variants()) out.push_back(v.info);
    return out;
  }();
  return infos;
}

const VariantInfo& variant_info(const std::string& name) { return detail::find_variant(name).info; }

std::string unrunnable_reason(const DeviceInfo& device, const std::string& variant, const Params& params) {
  const VariantInfo& info = variant_info(variant);
  Params full;
  for (const auto& spec : info.params) {
    const auto given = params.find(spec.name);
    const std::int64_t value = given == params.end() ? spec.default_value : given->second;
    if (value < spec.min_value || value > spec.max_value)
      return spec.name + "=" + std::to_string(value) + " is out of range [" + std::to_string(spec.min_value) + ", " +
             std::to_string(spec.max_value) + "]";
    full[spec.name] = value;
  }
  if (!info.uses_device) return "";
  // pwg's workgroup is its tile's 2t + 2 diagonals; the others have a wg parameter.
  const bool pwg = variant == "pwg";
  if (!pwg && !full.count("wg")) return "";
  const std::uint64_t wg = static_cast<std::uint64_t>(pwg ? 2 * full.at("tile") + 2 : full.at("wg"));
  if (wg > device.max_workgroup)
    return "a workgroup of " + std::to_string(wg) + " work-items is over " + device.name + "'s maximum of " +
           std::to_string(device.max_workgroup);
  if (variant == "tile-local") {  // 2t^2 cells per work-item
    const auto t = static_cast<std::uint64_t>(full.at("tile"));
    const std::uint64_t bytes = 2 * t * t * wg * 4;
    if (bytes > device.local_memory)
      return "tile-local with tile=" + std::to_string(t) + " and wg=" + std::to_string(wg) + " needs " +
             std::to_string(bytes) + " bytes of local memory; " + device.name + " has " +
             std::to_string(device.local_memory);
  }
  return "";
}

}  // namespace levcl
