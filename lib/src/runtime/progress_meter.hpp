// How far the call running on a context has come (Context::progress): written by the call
// as it goes (pairs finished; the share of its work each part takes and how far the running
// part is, from the device's own counters while a launch runs) and read from any thread.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <mutex>

#include "levcl/levcl.hpp"
#include "runtime/clock.hpp"

namespace levcl::detail {

class ProgressMeter {
 public:
  // A call of `pairs` pairs begins: one part, all of its work, until begin_part.
  void start(std::uint64_t pairs) {
    std::lock_guard<std::mutex> lock(mutex_);
    pairs_ = pairs;
    pairs_done_ = 0;
    in_launch_ = 0;
    done_ = 0;
    share_ = 1;
    part_ = 0;
    started_ = std::chrono::steady_clock::now();
    running_ = true;
  }
  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    running_ = false;
  }

  void add_pairs(std::uint64_t count) {
    std::lock_guard<std::mutex> lock(mutex_);
    pairs_done_ += count;
    in_launch_ = 0;
  }
  // Pairs counted as finished that run again (found above a first pass's bound).
  void retract_pairs(std::uint64_t count) {
    std::lock_guard<std::mutex> lock(mutex_);
    pairs_done_ -= std::min(count, pairs_done_);
  }
  // Pairs that the running launch has finished (counted by the device), not yet added.
  void pairs_in_launch(std::uint64_t count) {
    std::lock_guard<std::mutex> lock(mutex_);
    in_launch_ = count;
  }

  // The work from now until the next part is [from, from + share) of the call's.
  void begin_part(double from, double share) {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = std::clamp(from, 0.0, 1.0);
    share_ = std::clamp(share, 0.0, 1.0 - done_);
    part_ = 0;
  }
  // How far the running part is. Below 1 until the part ends: a part's total may be an
  // estimate (a wavefront's distance).
  void part(double fraction) {
    std::lock_guard<std::mutex> lock(mutex_);
    part_ = std::clamp(fraction, 0.0, 0.99);
  }

  // `done` of an `expected` total that is an estimate (a wavefront's distance): its share
  // up to four fifths, and past that slower and slower, as the estimate may have been low.
  void part_of_estimate(double done, double expected) {
    const double x = done / std::max(expected, 1.0);
    part(x <= 0.8 ? x : 1 - 0.16 / x);
  }

  Progress read() const {
    std::lock_guard<std::mutex> lock(mutex_);
    Progress p;
    p.running = running_;
    if (!running_) return p;
    p.pairs = pairs_;
    p.pairs_done = std::min(pairs_, pairs_done_ + in_launch_);
    const double by_pairs = pairs_ > 0 ? static_cast<double>(p.pairs_done) / static_cast<double>(pairs_) : 0.0;
    p.fraction = std::min(1.0, std::max(by_pairs, done_ + share_ * part_));
    p.seconds = detail::seconds_since(started_);
    return p;
  }

 private:
  mutable std::mutex mutex_;
  bool running_ = false;
  std::uint64_t pairs_ = 0, pairs_done_ = 0, in_launch_ = 0;
  double done_ = 0, share_ = 1, part_ = 0;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace levcl::detail
