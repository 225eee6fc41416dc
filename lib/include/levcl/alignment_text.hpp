// Alignments as text: PAF and SAM lines (a is the target or reference, b the query, as
// Alignment says), and the two strings printed one above the other.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <vector>

#include "levcl/io.hpp"
#include "levcl/levcl.hpp"

namespace levcl {

// A PAF line (no newline): query b, target a, both on the forward strand, the number of
// matching bytes and of alignment columns, mapping quality 255, then NM:i: (the distance)
// and cg:Z: (the CIGAR).
LEVCL_API std::string paf_line(std::string_view a_name, std::string_view b_name, const Alignment& alignment);

// SAM's header (no newline at the end) naming the references, an @SQ line each, except the
// empty ones (SAM's references have a byte or more: their reads are unmapped, sam_line).
LEVCL_API std::string sam_header(const std::vector<SequenceName>& references);
// A SAM record (no newline): read b (its bytes as SEQ) aligned to reference a from its
// first byte, with NM:i:; unmapped (flag 4, RNAME "*", POS 0, CIGAR "*") above the bound or
// against an empty reference.
LEVCL_API std::string sam_line(std::string_view a_name, std::string_view b_name, std::string_view b,
                               const Alignment& alignment);

// The alignment of a and b by columns, `width` to a line: a's bytes (a gap '-' under I),
// a match line ('|' for =, '*' for X, ' ' for a gap), b's bytes ('-' under D), each line
// starting with the one-based position of its first byte. Bytes outside printable ASCII
// are shown as '.'. Throws invalid_argument when the CIGAR does not align a and b.
LEVCL_API std::string pretty_alignment(std::string_view a, std::string_view b, std::string_view cigar,
                                       std::size_t width = 60);

}  // namespace levcl
