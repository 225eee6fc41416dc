// Strings of A, C, G and T at two bits a base (cl/batch_bitpar.h), the form a batch chunk
// of DNA crosses the bus in (batch-bitpar's `bases`): the host writes and the bus carries a
// quarter of its bytes (10^6 pairs of 150 bp: 75 MB, not 300), and the chunk's alphabet is
// known without a scan of its bytes on the device, which the host waited for. On the H100
// host (16 threads) those pairs took 18.0-19.4 ms end to end so, 18.5-21.7 as bytes
// (bench/results/h100/session50, call 4), packed 32 letters at a time with AVX2.
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
