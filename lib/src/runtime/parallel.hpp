// Host threads for batches: the packing of pairs and the CPU variants.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

#include "levcl/export.h"

namespace levcl::detail {

// threads as the caller asked, 0 meaning every CPU this process may run on (its affinity:
// an MPI launcher binds a rank to one core by default, taskset and containers to a few),
// at least one. Exported for the tests.
LEVCL_API unsigned thread_count(unsigned requested);

// Runs work() on the calling thread and on up to `helpers` threads of the process's pool
// (parallel.cpp), returning when all have; work must not throw. Exported for the tests.
LEVCL_API void run_with_helpers(unsigned helpers, const std::function<void()>& work);

// Runs body(i) for every i in [0, count) on up to `threads` threads, the caller's included,
// each claiming the next few indices when done with its last (pairs of uneven length balance
// themselves; claims of a few keep millions of short items from queueing on one counter).
// Rethrows the first exception once every thread has stopped.
template <typename Body>
void parallel_each(std::size_t count, unsigned threads, Body&& body) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const std::size_t grain = std::max<std::size_t>(1, count / (std::size_t{64} * std::max(1u, threads)));
  const std::function<void()> work = [&] {
    try {
      for (std::size_t first; (first = next.fetch_add(grain)) < count;)
        for (std::size_t i = first; i < std::min(count, first + grain); ++i) body(i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = count;  // the others stop at their next claim
    }
  };
  run_with_helpers(static_cast<unsigned>(std::min<std::size_t>(threads, count) - (count > 0 ? 1 : 0)), work);
  if (failure) std::rethrow_exception(failure);
}

// Slices of [0, count) for `threads`: one a thread, each of at least `least` items (at
// least one slice).
inline std::size_t slice_count(std::size_t count, unsigned threads, std::size_t least) {
  return std::max<std::size_t>(1, std::min<std::size_t>(threads, count / least));
}

// Runs body(slice, begin, end) over `slices` contiguous slices of [0, count), on up to
// `threads` threads (cheap, even work such as copying bytes: one claim per slice, not per
// item; a slice's index for what each slice counts apart, then combines).
template <typename Body>
void parallel_slices(std::size_t count, std::size_t slices, unsigned threads, Body&& body) {
  parallel_each(slices, threads, [&](std::size_t s) { body(s, count * s / slices, count * (s + 1) / slices); });
}

// Runs body(begin, end) over slice_count(count, threads, 64) slices of [0, count).
template <typename Body>
void parallel_slices(std::size_t count, unsigned threads, Body&& body) {
  parallel_slices(count, slice_count(count, threads, 64), threads,
                  [&](std::size_t, std::size_t begin, std::size_t end) { body(begin, end); });
}

// Items a thread takes at least in a pass over a table of small items (an alignment level's
// 10^6 pieces: tens of milliseconds a pass on one thread, memory-bound; fewer are not worth
// waking a helper for).
constexpr std::size_t kTableSlice = 16384;

// Runs body(i) for every i in [0, count), in slices of at least kTableSlice items.
template <typename Body>
void parallel_items(std::size_t count, unsigned threads, Body&& body) {
  parallel_slices(count, slice_count(count, threads, kTableSlice), threads,
                  [&](std::size_t, std::size_t begin, std::size_t end) {
                    for (std::size_t i = begin; i < end; ++i) body(i);
                  });
}

}  // namespace levcl::detail
