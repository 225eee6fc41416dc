// The host threads parallel_each borrows: started once and kept for the process, since an
// alignment's levels and a batch's host phases call it dozens of times a call, and starting
// a thread costs tens of microseconds (more on a virtual machine) where the work it shares
// may take less.
#include "runtime/parallel.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <deque>

namespace levcl::detail {
namespace {

class HelperPool {
 public:
  const pid_t owner = getpid();

  // Runs work on the caller and on up to `helpers` of the pool's threads that are idle or
  // become so before the caller has finished it; returns once every thread that took it
  // has returned. Work is shared by claiming (parallel_each), so fewer helpers than asked,
  // as when the pool's threads serve other calls, only make it slower.
  void run(unsigned helpers, const std::function<void()>& work) {
    Job job{&work, helpers, 0};
    {
      std::lock_guard<std::mutex> lock(mutex_);
      while (started_ < helpers) {  // threads are kept, never joined: the pool outlives every call
        std::thread([this] { serve(); }).detach();
        ++started_;
      }
      jobs_.push_back(&job);
    }
    for (unsigned h = 0; h < helpers; ++h) wake_.notify_one();
    work();
    std::unique_lock<std::mutex> lock(mutex_);
    if (job.unclaimed > 0) jobs_.erase(std::find(jobs_.begin(), jobs_.end(), &job));
    done_.wait(lock, [&] { return job.running == 0; });
  }

 private:
  struct Job {
    const std::function<void()>* work;
    unsigned unclaimed, running;  // helpers still wanted; helpers in it
  };

  void serve() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return !jobs_.empty(); });
      Job* job = jobs_.front();
      if (--job->unclaimed == 0) jobs_.pop_front();
      ++job->running;
      lock.unlock();
      (*job->work)();
      lock.lock();
      if (--job->running == 0) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::deque<Job*> jobs_;
  unsigned started_ = 0;
};

// The process's pool, made on first use and never destroyed (its threads wait on it until
// the process ends); a child after fork() has none of its parent's threads and makes its own.
HelperPool& pool() {
  static std::mutex making;
  static HelperPool* current = nullptr;
  std::lock_guard<std::mutex> lock(making);
  if (!current || current->owner != getpid()) current = new HelperPool;
  return *current;
}

}  // namespace

unsigned thread_count(unsigned requested) {
  if (requested) return requested;
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) return std::max(1, CPU_COUNT(&allowed));
  return std::max(1u, std::thread::hardware_concurrency());
}

void run_with_helpers(unsigned helpers, const std::function<void()>& work) {
  if (helpers == 0)
    work();
  else
    pool().run(helpers, work);
}

}  // namespace levcl::detail
