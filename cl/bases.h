// Strings of A, C, G and T as bases, four to a byte, the form they cross the bus in
// (lib/src/runtime/bases.cpp packs them, bases.cl unpacks them on the device): the bus
// carries a quarter of their bytes. Base 4j + k of a string's bytes in bits 2k and 2k + 1
// of byte j, as the code of its letter: A 0, C 1, T 2, G 3 (bits 1 and 2 of the letter);
// the last byte's spare places repeat the last base.
#ifndef LEVCL_BASES_H
#define LEVCL_BASES_H

#define BASES_PER_BYTE 4

// What unpack_bases writes for each code, the byte of code c in bits 8c .. 8c + 7: the
// letters (a string's own bytes back), or the codes themselves (batch-bitpar's chunks).
#define BASES_LETTERS 0x47544341u
#define BASES_CODES 0x03020100u

// A work-item of unpack_bases reads BASES_ITEM_BYTES bytes of bases (one uchar4) and writes
// their BASES_ITEM_BYTES * BASES_PER_BYTE bytes (one uint4).
#define BASES_ITEM_BYTES 4

#endif
