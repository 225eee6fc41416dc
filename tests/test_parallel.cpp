// The host threads of lib/src/runtime/parallel.hpp: parallel_each on the process's pool of
// kept threads, as an alignment's levels and a batch's host phases call it, dozens of times
// a call, nested and from several threads at once.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "runtime/parallel.hpp"

namespace {

using levcl::detail::parallel_each;

// True when body visited every index of [0, count) exactly once.
bool each_once(std::size_t count, unsigned threads) {
  std::vector<std::atomic<int>> seen(count);
  parallel_each(count, threads, [&](std::size_t i) { ++seen[i]; });
  for (const auto& s : seen)
    if (s != 1) return false;
  return true;
}

}  // namespace

TEST_CASE("every CPU the process may run on, as its affinity allows: one where a launcher binds it to one") {
  CHECK(levcl::detail::thread_count(3) == 3);
  cpu_set_t all;
  REQUIRE(sched_getaffinity(0, sizeof all, &all) == 0);
  CHECK(levcl::detail::thread_count(0) == static_cast<unsigned>(CPU_COUNT(&all)));
  int first = 0;
  while (!CPU_ISSET(first, &all)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);  // as `mpirun` binds a rank to a core
  CHECK(levcl::detail::thread_count(0) == 1);
  REQUIRE(sched_setaffinity(0, sizeof all, &all) == 0);
}

TEST_CASE("every index once, for any count and number of threads") {
  for (unsigned threads : {1u, 2u, 3u, 4u, 16u})
    for (std::size_t count : {0, 1, 2, 3, 63, 64, 65, 1000, 100000}) {
      CAPTURE(threads);
      CAPTURE(count);
      CHECK(each_once(count, threads));
    }
}

TEST_CASE("the helpers asked for run beside the caller") {
  // Four items that each wait for another to be in at once: they are, or the wait times out.
  std::atomic<int> inside{0}, most{0};
  parallel_each(4, 4, [&](std::size_t) {
    const int now = ++inside;
    for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {}
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (most < 2 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    --inside;
  });
  CHECK(most >= 2);
}

TEST_CASE("an exception in one item is rethrown once every thread has stopped") {
  std::atomic<std::size_t> done{0};
  CHECK_THROWS_WITH_AS(parallel_each(100000, 4,
                                     [&](std::size_t i) {
                                       if (i == 500) throw std::runtime_error("item 500");
                                       ++done;
                                     }),
                       "item 500", std::runtime_error);
  CHECK(done < 100000);  // the others stopped at their next claim
  CHECK(each_once(1000, 4));  // and the pool serves the next call
}

TEST_CASE("calls nested in an item and calls from several threads at once") {
  std::atomic<std::size_t> inner{0};
  parallel_each(16, 4, [&](std::size_t) { parallel_each(100, 4, [&](std::size_t) { ++inner; }); });
  CHECK(inner == 1600);

  std::vector<std::thread> callers;
  std::atomic<int> right{0};
  for (int c = 0; c < 6; ++c) callers.emplace_back([&] { right += each_once(20000, 8) ? 1 : 0; });
  for (auto& t : callers) t.join();
  CHECK(right == 6);
}

TEST_CASE("a child process after fork() makes threads of its own") {
  REQUIRE(each_once(1000, 4));  // the parent's pool has its threads
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) _exit(each_once(1000, 4) ? 0 : 1);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
