// Strings of A, C, G and T at two bits a base (cl/batch_bitpar.h), the form a batch chunk
// of DNA crosses the bus in: the host writes and the bus carries a quarter of its bytes
// (10^6 pairs of 150 bp: 75 MB, not 300).
#pragma once

#include <cstdint>
#include <string_view>

#include "levcl/export.h"

namespace levcl::detail {

// text's bases into out[0 .. (size + 3) / 4 - 1], the last byte's spare places the last
// base again; false, out partly written, where text holds any other byte (a, N, ...).
// text is not empty. Exported for the tests.
LEVCL_API bool pack_bases(std::string_view text, std::uint8_t* out);

}  // namespace levcl::detail
