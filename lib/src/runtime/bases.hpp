// Strings of A, C, G and T at two bits a base (cl/bases.h), the form DNA crosses the bus
// in: the host writes and the bus carries a quarter of its bytes, and unpack_bases
// (cl/bases.cl) makes them bytes again on the device. A batch chunk of DNA (batch-bitpar's
// `bases`; 10^6 pairs of 150 bp: 75 MB, not 300) unpacks as codes, so that its alphabet is
// known without a scan of its bytes on the device, which the host waited for: on the H100
// host (16 threads) those pairs took 18.0-19.4 ms end to end so, 18.5-21.7 as bytes
// (bench/results/h100/session50, call 4). A long string of one pair unpacks as its letters
// (device_buffers.cpp). Packed 32 letters at a time with AVX2.
#pragma once

#include <cstdint>
#include <string_view>

#include "cl/bases.h"
#include "levcl/export.h"

namespace levcl::detail {

// A pair's strings of at least this many bytes cross the bus as bases where they are DNA
// (DeviceStrings): a quarter of their bytes, packed on the host's threads, then one short
// launch. Below it the copy saved is tens of microseconds, about what a launch costs (not
// measured apart: the 1 Mbp pairs are the shortest measured, session 56).
constexpr std::size_t kBasesFrom = std::size_t{1} << 19;

// text's bases into out[0 .. (size + 3) / 4 - 1], the last byte's spare places the last
// base again; false, out partly written, where text holds any other byte (a, N, ...).
// text is not empty. Exported for the tests.
LEVCL_API bool pack_bases(std::string_view text, std::uint8_t* out);

// The same over up to `threads` threads, each a slice of whole bytes of bases.
LEVCL_API bool pack_bases(std::string_view text, std::uint8_t* out, unsigned threads);

// unpack_bases's work-items for `count` bases (device_buffers.hpp), and the bytes of bases
// they read and the bytes they write: whole work-items (cl/bases.h).
constexpr std::uint64_t kBasesItemWrites = BASES_ITEM_BYTES * BASES_PER_BYTE;
inline std::uint64_t unpack_items(std::uint64_t count) { return (count + kBasesItemWrites - 1) / kBasesItemWrites; }
inline std::uint64_t unpacked_bases_read(std::uint64_t count) { return unpack_items(count) * BASES_ITEM_BYTES; }
inline std::uint64_t unpacked_bases_written(std::uint64_t count) { return unpack_items(count) * kBasesItemWrites; }

}  // namespace levcl::detail
