// A batch's strings on the device for the engines that read them as bytes (the wavefront
// batch engines, batch-bitpar's long pairs): every string the pairs use, once, in one buffer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "engines/registry.hpp"
#include "runtime/opencl.hpp"

namespace levcl::detail {

struct JoinedStrings {
  cl::Buffer buffer;
  std::uint64_t bytes = 0;  // of the strings, the padding not counted
  std::string_view host;    // the same bytes in the pinned memory they were gathered in (until
                            // the next join under the same state key)
  // String s's first byte in the buffer, for a string of the joined pairs.
  std::uint64_t offset_of(std::uint32_t s) const { return offsets[s - first]; }
  // Where each string from the least the pairs use to the greatest starts (kNotJoined: none
  // of the pairs uses it): looked up by index, not hashed (the SARS-CoV-2 all-vs-all's
  // 174,306 strings of pairs, 418 of them distinct, took milliseconds in a hash map).
  static constexpr std::uint64_t kNotJoined = ~std::uint64_t{0};
  std::uint32_t first = 0;
  std::vector<std::uint64_t> offsets;
};

// The strings of the pairs `pairs` (indices into call.pairs), in the order they are first
// used, then WORD_PADDING (cl/wfa_common.h) zero bytes: gathered by the host's threads into
// pinned memory the device keeps under `state_key` (reused from call to call), copied at the
// bus's full speed.
JoinedStrings join_strings(OpenDevice& device, const BatchCall& call, const std::vector<std::size_t>& pairs,
                           const std::string& state_key);

// The end of the chunk of pairs call.pairs[ids[first]], call.pairs[ids[first + 1]], ...
// whose strings, each once, fit `most` bytes (one pair at least): what one join_strings of
// them holds.
template <typename Id>
std::size_t joined_chunk_end(const BatchCall& call, const std::vector<Id>& ids, std::size_t first, std::uint64_t most) {
  std::unordered_set<std::uint32_t> held;
  std::uint64_t bytes = 0;
  std::size_t end = first;
  for (; end < ids.size(); ++end) {
    const IndexPair p = call.pairs[ids[end]];
    const std::uint64_t adds = (held.count(p.a) ? 0 : call.strings[p.a].size()) +
                               (p.b == p.a || held.count(p.b) ? 0 : call.strings[p.b].size());
    if (end > first && bytes + adds > most) break;
    held.insert(p.a);
    held.insert(p.b);
    bytes += adds;
  }
  return end;
}

}  // namespace levcl::detail
