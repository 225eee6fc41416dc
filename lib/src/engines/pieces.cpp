#include "engines/pieces.hpp"

#include <algorithm>

#include "engines/registry.hpp"
#include "io/cigar.hpp"
#include "runtime/device_buffers.hpp"

namespace levcl::detail {

Breakpoint find_breakpoint(const DeviceInfo& device, const std::string& variant, std::string_view a,
                           std::string_view b, const Params& given, std::int64_t max_distance) {
  const Variant& v = find_variant(variant, Capability::breakpoint);
  OpenDevice open(device);
  const DeviceStrings strings(open, a, b);
  const auto finder = v.breakpoint.open(open, strings, resolve_params(v.info, given));
  const std::int64_t m = static_cast<std::int64_t>(a.size()), n = static_cast<std::int64_t>(b.size());
  const std::int64_t longest = std::max(m, n);
  return finder->run_one(Piece{0, m, 0, n, max_distance < 0 ? longest : std::min(max_distance, longest)});
}

std::string traced_cigar(const DeviceInfo& device, const std::string& variant, std::string_view a,
                         std::string_view b, std::int64_t distance) {
  const Variant& v = find_variant(variant, Capability::traceback);
  OpenDevice open(device);
  const DeviceStrings strings(open, a, b);
  const auto tracer = v.traceback.open(open, strings, resolve_params(v.info, {}));
  CigarRuns runs;
  std::vector<PieceTracer::Span> spans;
  tracer->run({Piece{0, static_cast<std::int64_t>(a.size()), 0, static_cast<std::int64_t>(b.size()), distance}}, runs,
              spans);
  std::string cigar;
  for (std::size_t r = spans.front().begin; r < spans.front().begin + spans.front().count; ++r)
    append_run(cigar, runs[r].op, runs[r].length);
  return cigar;
}

std::int64_t traceback_limit(const std::string& variant) {
  return find_variant(variant, Capability::traceback).traceback.max_distance;
}

}  // namespace levcl::detail
