// Library calls that Ctrl-C can stop: Python runs signal handlers (KeyboardInterrupt) only
// while its main thread runs Python code, never while a call holds it in C++.
#pragma once

#include <chrono>
#include <future>
#include <utility>

#include <pybind11/pybind11.h>

#include "levcl/levcl.hpp"

namespace levcl_python {

// Runs compute() on a thread of its own while the calling thread waits, the GIL released,
// checking Python's signals every 50 ms. When a handler raises (Ctrl-C's KeyboardInterrupt),
// the context's call is cancelled (Context::cancel: it stops at its next safe point), waited
// for, and the handler's exception is raised; the context stays usable.
template <typename Compute>
auto cancellable(levcl::Context& context, Compute&& compute) -> decltype(compute()) {
  auto running = std::async(std::launch::async, std::forward<Compute>(compute));
  for (;;) {
    {
      pybind11::gil_scoped_release unlocked;
      if (running.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready) break;
    }
    if (PyErr_CheckSignals() != 0) {
      context.cancel();
      {
        pybind11::gil_scoped_release unlocked;
        running.wait();
      }
      try {
        running.get();  // its result, or its cancellation, is dropped
      } catch (...) {
      }
      throw pybind11::error_already_set();
    }
  }
  return running.get();
}

}  // namespace levcl_python
