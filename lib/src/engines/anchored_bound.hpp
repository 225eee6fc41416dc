// An upper bound of a pair's edit distance from the whole of both strings, where a sample's
// estimate can be misled (regions of other divergence, indels of kilobases, a moved block):
// the cost of one alignment built from windows, so never below the distance.
#pragma once

#include <cstdint>
#include <string_view>

#include "levcl/export.h"

namespace levcl::detail {

// The bound: a cut into windows of kAnchorWindow bytes, the start of each anchored in b by
// a seed near where the anchors before it put it (b's pieces between anchors follow each
// other and cover b), and the windows' distances against their pieces summed, each
// computed within a band around its piece's diagonal (itself an upper bound of that
// window's distance), on the host's threads: about 6 block steps of 64 bits a byte of a.
// max(|a|, |b|) where a holds fewer than two windows. Windows of 1 kbp: those of 2 kbp,
// 10-15% faster, anchored fewer of an 80% similar pair's windows (bounds 12-14% above its
// distance, against 6-8%). Exported for the tests.
constexpr std::int64_t kAnchorWindow = 1024;
LEVCL_API std::int64_t anchored_bound(std::string_view a, std::string_view b);

}  // namespace levcl::detail
