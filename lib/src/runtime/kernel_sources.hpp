// The kernels' sources: the cl/ files embedded at build time, or a folder of them.
#pragma once

#include <string>

namespace levcl::detail {

// The text of a cl/ file: LEVCL_KERNEL_DIR/<file> if that variable is set, else the
// embedded copy. Throws bad_input (the folder's file is unreadable) or internal (no such
// embedded file).
std::string kernel_file(const std::string& file);

// The source of a program: `file` with each quoted include (#include "other.cl", or a
// layout header "x.h") replaced by the text of the file it names, itself expanded, each
// file once, where it is first included. So a kernel file names what it needs, builds as
// it stands with -I cl/, and the driver needs no include path.
std::string program_source(const std::string& file);

}  // namespace levcl::detail
