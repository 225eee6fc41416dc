// Strings of A, C, G and T at two bits a base (cl/batch_bitpar.h), the form a batch chunk
// of DNA may cross the bus in (batch-bitpar's `bases`): the bus carries a quarter of its
// bytes (10^6 pairs of 150 bp: 75 MB, not 300), but packing costs the host more than
// copying: on the H100 host (16 threads) those pairs took 35-51 ms end to end so, 33-38 ms
// as bytes, whose copy the bus's 54.8 GB/s hides.
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
