// levcl.Error and levcl.UsageError, the Python faces of levcl::Error.
#pragma once

#include <pybind11/pybind11.h>

namespace levcl_python {

// Adds the exception classes to the module and translates every levcl::Error thrown
// through it into one of them.
void register_errors(pybind11::module_& module);

}  // namespace levcl_python
