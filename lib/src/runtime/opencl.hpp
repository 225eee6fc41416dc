// The OpenCL C++ bindings with levcl's settings (OpenCL 1.2 API, exceptions on; both
// set by CMake), and the translation of OpenCL errors into levcl::Error.
#pragma once

#include <CL/opencl.hpp>

#include <string>

namespace levcl::detail {

// Name of an OpenCL error code ("CL_OUT_OF_RESOURCES"), or its number.
std::string cl_error_name(cl_int code);

// Throws the levcl::Error that matches an OpenCL failure while doing `what`.
[[noreturn]] void throw_opencl_error(const cl::Error& error, const std::string& what);

}  // namespace levcl::detail
