// The CPU family: the plain dynamic programme and the wavefront algorithm, each on one
// thread. Simple on purpose: they are what every other variant is checked against.
#include "engines/cpu_reference/cpu_reference.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "engines/registry.hpp"
#include "runtime/cancellation.hpp"

namespace levcl::detail {
namespace {

// Wagner-Fischer with two rows of the shorter string's length. A row's minimum never
// falls from one row to the next, so once it passes max_distance the answer is known to.
Result run_cpu_dp(const Call& call) {
  std::string_view a = call.pair.a(), b = call.pair.b();
  if (a.size() < b.size()) std::swap(a, b);  // b is the shorter: rows of |b|+1
  std::vector<std::uint32_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0u);
  Result r;
  Costs& costs = r.costs;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    if (call.cancel && i % 256 == 0) call.cancel->check();
    std::uint32_t diagonal = row[0];  // D[i-1][j-1]
    row[0] = static_cast<std::uint32_t>(i);
    std::uint32_t smallest = row[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::uint32_t up = row[j];  // D[i-1][j]
      row[j] = std::min({up + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      smallest = std::min(smallest, row[j]);
      diagonal = up;
    }
    costs.cells += b.size();
    if (smallest > call.max_distance) {
      r.distance = call.max_distance + 1;
      return r;
    }
  }
  r.distance = row[b.size()];
  return r;
}

Result run_cpu_wfa(const Call& call) {
  Result r;
  r.distance =
      cpu_wfa_distance(call.pair.a(), call.pair.b(), call.max_distance, &r.costs.cells, call.cancel).value_or(call.max_distance + 1);
  return r;
}

// cells_per_second: one core of the CI machine (AMD EPYC; `levcl --variant cpu-dp|cpu-wfa
// --json` on synthetic 20 kbp pairs at 50% and 90%: cpu-dp 4.3e8 m*n per second, cpu-wfa
// 1.0e8-1.3e8 d^2 per second), what levcl-tune judges a reference's time by.
Variant cpu_variant(std::string name, std::string description, Work work, double cells_per_second,
                    Result (*run)(const Call&)) {
  Variant v;
  v.info.name = std::move(name);
  v.info.description = std::move(description);
  v.info.uses_device = false;
  v.info.work = work;
  v.distance = {[run](OpenDevice*, const Call& call) { return run(call); }, nominal_cost(work, cells_per_second, 1)};
  return v;
}

std::vector<Variant> cpu_variants() {
  return {cpu_variant("cpu-dp", "CPU reference: two-row Wagner-Fischer dynamic programme", Work::matrix, 4e8,
                      run_cpu_dp),
          cpu_variant("cpu-wfa", "CPU reference: wavefront algorithm with two columns", Work::wavefront, 1e8,
                      run_cpu_wfa)};
}

const FamilyRegistration registration{0, "cpu_reference", cpu_variants};

}  // namespace

// Wavefront algorithm on diagonals k = j - i. For each radius (edit count) d, the
// column holds, per diagonal, the furthest row i reachable with at most d edits; the
// answer is the first d at which diagonal n - m reaches row m. Two columns of m+n+3
// cells (one spare diagonal on each side, so neighbours never need a bounds check).
std::optional<std::int64_t> cpu_wfa_distance(std::string_view a, std::string_view b, std::int64_t max_distance,
                                             std::uint64_t* cells, const Cancellation* cancel) {
  const std::int64_t m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  constexpr std::int64_t unreached = std::numeric_limits<std::int32_t>::min() / 2;
  std::vector<std::int64_t> prev(m + n + 3, unreached), next(m + n + 3, unreached);
  const std::int64_t centre = m + 1, solution = n - m;
  for (std::int64_t d = 0; d <= max_distance; ++d) {
    if (cancel) cancel->check();
    const std::int64_t lo = -std::min(d, m), hi = std::min(d, n);
    for (std::int64_t k = lo; k <= hi; ++k) {
      const std::int64_t end = std::min(m, n - k);  // last row of diagonal k
      std::int64_t i = d == 0 ? 0
                              : std::max({prev[centre + k] + 1,        // substitution
                                          prev[centre + k - 1],        // insertion: from diagonal k-1
                                          prev[centre + k + 1] + 1});  // deletion: from diagonal k+1
      i = std::min(i, end);
      while (i < end && a[i] == b[i + k]) ++i;
      next[centre + k] = i;
    }
    if (cells) *cells += static_cast<std::uint64_t>(hi - lo + 1);
    if (next[centre + solution] == m) return d;
    std::swap(prev, next);
  }
  return std::nullopt;
}

}  // namespace levcl::detail
