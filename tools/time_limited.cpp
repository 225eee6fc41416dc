#include "time_limited.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <sstream>

namespace levcl::tools {
namespace {

using Clock = std::chrono::steady_clock;

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// The child's side: one line, "ok VALUE SECONDS" or "error MESSAGE".
[[noreturn]] void child(int fd, const std::function<std::int64_t()>& work) {
  std::ostringstream line;
  try {
    const auto start = Clock::now();
    const std::int64_t value = work();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    line.precision(17);
    line << "ok " << value << ' ' << seconds;
  } catch (const std::exception& e) {
    std::string message = *e.what() ? e.what() : "an exception without a message";
    for (auto& c : message)
      if (c == '\n') c = ' ';  // the answer is one line
    line << "error " << message;
  } catch (...) {
    line << "error unknown exception";
  }
  write_all(fd, line.str());
  ::_exit(0);  // no destructors, no atexit handlers of the parent's libraries
}

}  // namespace

LimitedRun run_time_limited(const std::function<std::int64_t()>& work, double limit_seconds) {
  LimitedRun run;
  int fds[2];
  if (::pipe(fds) != 0) {
    run.message = std::string("pipe: ") + std::strerror(errno);
    return run;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    run.message = std::string("fork: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return run;
  }
  if (pid == 0) {
    ::close(fds[0]);
    child(fds[1], work);
  }
  ::close(fds[1]);

  const auto deadline = Clock::now() + std::chrono::duration<double>(limit_seconds);
  std::string reply;
  bool timed_out = false;
  for (;;) {
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min(left * 1000.0 + 1.0, 60000.0)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char buffer[512];
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // the child closed its end: it has answered or died
    reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }

  if (timed_out) {
    run.outcome = LimitedRun::Outcome::over_limit;
    return run;
  }
  std::istringstream in(reply);
  std::string tag;
  in >> tag;
  if (tag == "ok" && (in >> run.value >> run.seconds)) {
    run.outcome = LimitedRun::Outcome::finished;
  } else if (tag == "error") {
    std::getline(in >> std::ws, run.message);
  } else if (WIFSIGNALED(status)) {
    run.message = std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                  ::strsignal(WTERMSIG(status)) + ")";
  } else {
    run.message = "the child process ended without an answer";
  }
  return run;
}

}  // namespace levcl::tools
