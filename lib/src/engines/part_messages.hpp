// What the parts of one pair spread over several (Variant::lead_rows: devices of a context,
// or levcl-mpi's ranks) send each other through PartLinks: a first byte says whether the rest
// is the message or the error that stopped its sender (its code, then its text), so that a
// part waiting on one that failed hears why instead of waiting forever.
#pragma once

#include <exception>
#include <string>
#include <string_view>

#include "levcl/levcl.hpp"

namespace levcl::detail {

std::string sent_bytes(std::string_view message);
// The message in bytes from part `from`; its error thrown, naming the part.
std::string_view message_of(const std::string& bytes, std::size_t from);
// A part's error told to those that would wait on it: the part below (its rows would never
// come) and part 0 (its answer would not).
void tell_failure(const PartLinks& links, const std::exception& error);

}  // namespace levcl::detail
