// levcl's progress line: how far a run is, rewritten in place on stderr every quarter of a
// second from a thread of its own (the library reports from inside its launches:
// Context::progress). Only on a terminal, and only once a run has lasted 2 s: short runs and
// logs stay clean.
#pragma once

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

namespace levcl::tools {

class ProgressLine {
 public:
  // What a reading says: pairs finished (of `total`, 0 when not known), or for a single
  // pair (`total` 1) the fraction of its work done.
  struct Reading {
    std::uint64_t pairs_done = 0;
    double fraction = 0;
  };

  ProgressLine(std::uint64_t total, std::function<Reading()> read) : total_(total), read_(std::move(read)) {
    if (::isatty(STDERR_FILENO) == 1) thread_ = std::thread([this] { run(); });
  }
  ~ProgressLine() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    woken_.notify_one();
    thread_.join();
    if (!shown_) return;
    show(Reading{total_, 1.0});
    std::cerr << '\n';
  }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

 private:
  using Clock = std::chrono::steady_clock;

  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (woken_.wait_for(lock, std::chrono::seconds(2), [this] { return stopping_; })) return;
    do {
      show(read_());
      shown_ = true;
    } while (!woken_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopping_; }));
  }

  static std::string clock_time(double seconds) {
    const auto s = static_cast<std::uint64_t>(seconds);
    std::ostringstream text;
    text << s / 3600 << ':' << std::setfill('0') << std::setw(2) << s / 60 % 60 << ':' << std::setw(2) << s % 60;
    return text.str();
  }

  void show(const Reading& r) {
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    std::ostringstream line;
    double fraction = r.fraction;
    if (total_ == 1) {
      line << "levcl: " << std::fixed << std::setprecision(1) << 100 * fraction << "% of the pair, "
           << clock_time(elapsed);
    } else {
      const double rate = static_cast<double>(r.pairs_done) / elapsed;
      line << "levcl: " << r.pairs_done;
      if (total_ > 0) line << " of " << total_;
      line << " pairs, " << std::fixed << std::setprecision(rate < 10 ? 1 : 0) << rate << " pairs/s";
      fraction = total_ > 0 ? static_cast<double>(r.pairs_done) / static_cast<double>(total_) : 0;
    }
    // The time left once a hundredth is done: before, a rate says little.
    if (total_ > 0 && fraction >= 0.01 && fraction < 1) line << ", ETA " << clock_time(elapsed * (1 - fraction) / fraction);
    std::cerr << '\r' << line.str() << "\033[K" << std::flush;  // erases the rest of a longer line before
  }

  const std::uint64_t total_;
  const std::function<Reading()> read_;
  const Clock::time_point start_ = Clock::now();
  std::mutex mutex_;
  std::condition_variable woken_;
  bool stopping_ = false;
  bool shown_ = false;  // written by the thread, read after it joined
  std::thread thread_;
};

}  // namespace levcl::tools
