// A batch's strings on the device for the engines that read them as bytes (the wavefront
// batch engines, batch-bitpar's long pairs): every string the pairs use, once, in one buffer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engines/registry.hpp"
#include "runtime/opencl.hpp"

namespace levcl::detail {

struct JoinedStrings {
  cl::Buffer buffer;
  std::uint64_t bytes = 0;                                 // of the strings, the padding not counted
  std::unordered_map<std::uint32_t, std::uint64_t> offset_of;  // a string's first byte in the buffer
  std::string_view host;  // the same bytes in the pinned memory they were gathered in (until
                          // the next join under the same state key)
};

// The strings of the pairs `pairs` (indices into call.pairs), in the order they are first
// used, then WORD_PADDING (cl/wfa_common.h) zero bytes: gathered by the host's threads into
// pinned memory the device keeps under `state_key` (reused from call to call), copied at the
// bus's full speed.
JoinedStrings join_strings(OpenDevice& device, const BatchCall& call, const std::vector<std::size_t>& pairs,
                           const std::string& state_key);

}  // namespace levcl::detail
