// Python strings and bytes-like objects as the std::string_views the library takes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>

namespace levcl_python {

// Views without copies: a str's UTF-8 form (CPython keeps it in the str object, so it lives
// as long as the str), or the raw bytes of a C-contiguous bytes-like object (bytes,
// bytearray, memoryview, numpy arrays), which stays exported, and so cannot be resized or
// freed, until the ByteViews is destroyed. The caller keeps the str objects alive. Add and
// destroy with the GIL held; the views themselves may be read without it.
class ByteViews {
 public:
  ByteViews() = default;
  ByteViews(const ByteViews&) = delete;
  ByteViews& operator=(const ByteViews&) = delete;
  ~ByteViews() {
    for (auto& buffer : buffers_) PyBuffer_Release(&buffer);
  }

  // A compact ASCII str's bytes, which are its UTF-8 form; else a null view. No call into
  // Python and no reference taken: any thread may ask, while the object lives unchanged.
  static std::string_view compact_ascii(PyObject* object) {
    if (!PyUnicode_Check(object) || !PyUnicode_IS_COMPACT_ASCII(object)) return {};
    return {static_cast<const char*>(PyUnicode_DATA(object)), static_cast<std::size_t>(PyUnicode_GET_LENGTH(object))};
  }

  // Throws TypeError for anything else, UnicodeEncodeError for a str with lone surrogates
  // and BufferError for a non-contiguous buffer.
  std::string_view add(pybind11::handle object) {
    if (const std::string_view ascii = compact_ascii(object.ptr()); ascii.data()) return ascii;
    if (PyUnicode_Check(object.ptr())) {
      Py_ssize_t size = 0;
      const char* data = PyUnicode_AsUTF8AndSize(object.ptr(), &size);
      if (!data) throw pybind11::error_already_set();
      return {data, static_cast<std::size_t>(size)};
    }
    if (!PyObject_CheckBuffer(object.ptr()))
      throw pybind11::type_error(std::string("expected str or a bytes-like object, not ") +
                                 Py_TYPE(object.ptr())->tp_name);
    Py_buffer& buffer = buffers_.emplace_back();
    if (PyObject_GetBuffer(object.ptr(), &buffer, PyBUF_SIMPLE) != 0) {
      buffers_.pop_back();
      throw pybind11::error_already_set();
    }
    return {static_cast<const char*>(buffer.buf), static_cast<std::size_t>(buffer.len)};
  }

 private:
  std::vector<Py_buffer> buffers_;
};

}  // namespace levcl_python
