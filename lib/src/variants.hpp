// The variant table: every algorithm levcl offers, by name, with its parameters and the
// host routine that runs it. One family per file: cpu_reference.cpp, antidiagonal.cpp, wfa_column.cpp,
// wfa_band.cpp.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "levcl/levcl.hpp"

namespace levcl::detail {

class OpenDevice;

// Runs one variant. `device` is null for the CPU references. `params` holds every
// parameter of the variant, already range-checked. Fills distance, cells, seconds,
// kernel_seconds and launches of the result; the caller fills in the rest.
using RunFunction =
    std::function<Result(OpenDevice* device, std::string_view a, std::string_view b, const Params& params)>;

struct Variant {
  VariantInfo info;
  RunFunction run;
};

// Throws invalid_argument naming the known variants.
const Variant& find_variant(const std::string& name);

// Defaults filled in; unknown keys and out-of-range values throw invalid_argument.
Params resolve_params(const VariantInfo& info, const Params& given);

// Family entry points (each family's file).
Result run_cpu_dp(std::string_view a, std::string_view b);
Result run_cpu_wfa(std::string_view a, std::string_view b);

// cpu-wfa's loop alone: the distance, or nothing once it is known to exceed max_distance
// (radii past it are never computed); adds the cells computed to *cells when given.
std::optional<std::int64_t> cpu_wfa_distance(std::string_view a, std::string_view b, std::int64_t max_distance,
                                             std::uint64_t* cells = nullptr);

// The plain DP on anti-diagonals, one launch per anti-diagonal (the naive GPU baseline).
Result run_antidiagonal(OpenDevice& device, std::string_view a, std::string_view b, const Params& params);

// The one-column-per-launch family of the paper's Sections 4.1-4.2.1.
struct ColumnStrategy {
  bool full_ndrange;      // baseline: one work-item per cell of the whole column (m+n+1)
  bool fixed_reads;       // baseline, dynamic: read the result after every launch
  bool prefetch;          // stage the previous column in local memory
};
Result run_wfa_column(OpenDevice& device, const ColumnStrategy& strategy, std::string_view a,
                      std::string_view b, const Params& params);

// The diamond-tile family of Sections 4.2.2-4.2.3: one launch per band of t radii.
// The values of the tile stores are the kernel's STORE build option.
enum class BandKernel { tile_private = 0, tile_local = 1, tile_global = 2, pwg = 3 };
Result run_wfa_band(OpenDevice& device, BandKernel kind, std::string_view a, std::string_view b,
                    const Params& params);

}  // namespace levcl::detail
