#include "engines/batch_strings.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <utility>

#include "cl/wfa_common.h"
#include "runtime/clock.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/open_device.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {

namespace {
// Bytes the host gathers before the device copies them in: the copy of one piece runs
// while the host gathers the next (10^5 pairs of 10 kbp are 2 GB).
constexpr std::uint64_t kPieceBytes = std::uint64_t{64} << 20;
}  // namespace

JoinedStrings join_strings(OpenDevice& device, const BatchCall& call, const std::vector<std::size_t>& pairs,
                           const std::string& state_key) {
  const auto start = std::chrono::steady_clock::now();
  JoinedStrings out;
  std::uint32_t last = 0;
  out.first = pairs.empty() ? 0 : UINT32_MAX;
  for (const std::size_t i : pairs) {
    out.first = std::min({out.first, call.pairs[i].a, call.pairs[i].b});
    last = std::max({last, call.pairs[i].a, call.pairs[i].b});
  }
  out.offsets.assign(pairs.empty() ? 0 : std::size_t{last} - out.first + 1, JoinedStrings::kNotJoined);
  std::vector<std::uint32_t> order;  // the strings by offset
  for (const std::size_t i : pairs)
    for (const std::uint32_t s : {call.pairs[i].a, call.pairs[i].b})
      if (std::uint64_t& offset = out.offsets[s - out.first]; offset == JoinedStrings::kNotJoined) {
        offset = out.bytes;
        order.push_back(s);
        out.bytes += call.strings[s].size();
      }
  const std::uint64_t total = out.bytes + WORD_PADDING;
  char* joined = device.state<Pinned<char>>(state_key).reserve(static_cast<std::size_t>(total));
  try {
    out.buffer = cl::Buffer(device.context(), CL_MEM_READ_ONLY, static_cast<std::size_t>(total));
    cl::CommandQueue& queue = device.queue();
    for (std::size_t first = 0; first < order.size();) {
      std::size_t end = first;
      std::uint64_t bytes = 0;
      while (end < order.size() && (end == first || bytes < kPieceBytes)) bytes += call.strings[order[end++]].size();
      parallel_each(end - first, call.threads, [&](std::size_t k) {
        const std::string_view s = call.strings[order[first + k]];
        s.copy(joined + out.offset_of(order[first + k]), s.size());
      });
      const std::uint64_t at = out.offset_of(order[first]);
      queue.enqueueWriteBuffer(out.buffer, CL_FALSE, static_cast<std::size_t>(at), static_cast<std::size_t>(bytes),
                               joined + at);
      first = end;
    }
    std::memset(joined + out.bytes, 0, WORD_PADDING);
    queue.enqueueWriteBuffer(out.buffer, CL_FALSE, static_cast<std::size_t>(out.bytes), WORD_PADDING, joined + out.bytes);
    queue.finish();
    out.host = std::string_view(joined, static_cast<std::size_t>(out.bytes));
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "copying a batch's strings to " + device.info().name);
  }
  log().debug("{} strings, {} bytes, joined on {} in {:.1f} ms", order.size(), out.bytes, device.info().name,
              1e3 * seconds_since(start));
  return out;
}

}  // namespace levcl::detail
