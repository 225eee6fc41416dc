#include "engines/batch_strings.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "runtime/device_buffers.hpp"
#include "runtime/open_device.hpp"
#include "runtime/parallel.hpp"

namespace levcl::detail {

JoinedStrings join_strings(OpenDevice& device, const BatchCall& call, const std::vector<std::size_t>& pairs,
                           const std::string& state_key, std::uint64_t padding) {
  JoinedStrings out;
  for (const std::size_t i : pairs)
    for (const std::uint32_t s : {call.pairs[i].a, call.pairs[i].b})
      if (out.offset_of.emplace(s, out.bytes).second) out.bytes += call.strings[s].size();
  const std::uint64_t total = std::max<std::uint64_t>(1, out.bytes + padding);
  const std::vector<std::pair<std::uint32_t, std::uint64_t>> placed(out.offset_of.begin(), out.offset_of.end());
  char* joined = device.state<Pinned<char>>(state_key).reserve(static_cast<std::size_t>(total));
  parallel_each(placed.size(), call.threads, [&](std::size_t k) {
    call.strings[placed[k].first].copy(joined + placed[k].second, call.strings[placed[k].first].size());
  });
  std::memset(joined + out.bytes, 0, static_cast<std::size_t>(total - out.bytes));
  try {
    out.buffer = cl::Buffer(device.context(), CL_MEM_READ_ONLY, static_cast<std::size_t>(total));
    device.queue().enqueueWriteBuffer(out.buffer, CL_TRUE, 0, static_cast<std::size_t>(total), joined);
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "copying a batch's strings to " + device.info().name);
  }
  return out;
}

}  // namespace levcl::detail
