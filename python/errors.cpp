#include "errors.hpp"

#include "levcl/levcl.hpp"

namespace py = pybind11;

namespace levcl_python {
namespace {

// Created once and never released: the translator may run until the interpreter ends.
PyObject* error_type = nullptr;
PyObject* usage_error_type = nullptr;

constexpr const char* kErrorDoc =
    "A levcl failure. `code` is the library's ErrorCode as an int, `code_name` its name\n"
    "(\"invalid_argument\", \"device_not_found\", \"out_of_memory\", \"build_failure\", ...);\n"
    "str(error) is the message.";
constexpr const char* kUsageErrorDoc =
    "A levcl.Error caused by the call rather than by a failure while running (codes below 100:\n"
    "invalid_argument, bad_input, input_too_long, device_not_found, unsupported). Also a\n"
    "ValueError.";

const char* code_name(levcl::ErrorCode code) {
  switch (code) {
    case levcl::ErrorCode::invalid_argument: return "invalid_argument";
    case levcl::ErrorCode::bad_input: return "bad_input";
    case levcl::ErrorCode::input_too_long: return "input_too_long";
    case levcl::ErrorCode::device_not_found: return "device_not_found";
    case levcl::ErrorCode::unsupported: return "unsupported";
    case levcl::ErrorCode::out_of_memory: return "out_of_memory";
    case levcl::ErrorCode::build_failure: return "build_failure";
    case levcl::ErrorCode::opencl: return "opencl";
    case levcl::ErrorCode::internal: return "internal";
    case levcl::ErrorCode::write_failure: return "write_failure";
    case levcl::ErrorCode::cancelled: return "cancelled";
  }
  return "unknown";
}

void raise(const levcl::Error& error) {
  PyObject* type = levcl::is_usage_error(error.code()) ? usage_error_type : error_type;
  py::object exception = py::handle(type)(error.what());
  exception.attr("code") = static_cast<int>(error.code());
  exception.attr("code_name") = code_name(error.code());
  PyErr_SetObject(type, exception.ptr());
}

}  // namespace

void register_errors(py::module_& module) {
  error_type = PyErr_NewExceptionWithDoc("levcl.Error", kErrorDoc, PyExc_Exception, nullptr);
  if (!error_type) throw py::error_already_set();
  const py::tuple bases = py::make_tuple(py::handle(error_type), py::handle(PyExc_ValueError));
  usage_error_type = PyErr_NewExceptionWithDoc("levcl.UsageError", kUsageErrorDoc, bases.ptr(), nullptr);
  if (!usage_error_type) throw py::error_already_set();
  module.attr("Error") = py::handle(error_type);
  module.attr("UsageError") = py::handle(usage_error_type);
  py::register_local_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const levcl::Error& error) {
      raise(error);
    }
  });
}

}  // namespace levcl_python
