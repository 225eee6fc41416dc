// Bases unpacked on the device (bases.h): the bytes of strings that crossed the bus four
// to a byte.

#include "bases.h"

// Bytes from bases: BASES_ITEM_BYTES bytes of bases a work-item, of `items`, their bytes
// out as words (a byte a work-item took 1 ms for 10^6 pairs of 150 bp on the H100). Code c
// becomes byte c of `letters` (BASES_LETTERS or BASES_CODES).
__kernel void unpack_bases(__global const uchar* restrict bases, const ulong items, const uint letters,
                           __global uint* restrict raw) {
  const size_t i = get_global_id(0);
  if (i >= items) return;
  const uint4 b = convert_uint4(vload4(i, bases));
  // Each of the four bytes' k-th base: its letter in byte k of the byte's word.
  uint4 word = (uint4)(0);
  for (uint k = 0; k < 4; ++k) word |= ((uint4)(letters) >> ((b >> (2 * k) & 3u) * 8) & 0xFFu) << (8 * k);
  vstore4(word, i, raw);
}
