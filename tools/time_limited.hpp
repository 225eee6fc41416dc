// Runs a CPU computation in a child process under a wall-clock limit. levcl-bench runs the
// CPU engines this way: edlib or WFA2-lib on a long dissimilar pair can take hours and
// cannot be interrupted in-process, but a child can be killed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace levcl::tools {

struct LimitedRun {
  enum class Outcome { finished, over_limit, failed };
  Outcome outcome = Outcome::failed;
  std::int64_t value = 0;  // what the computation returned (finished only)
  double seconds = 0;      // its wall time, measured in the child around the call alone
  std::string message;     // why it failed
};

// Forks, runs work() in the child and waits at most limit_seconds for its answer; a child
// still running then is killed. The child must not touch OpenCL (the parent's driver
// threads do not survive fork); pure CPU code is safe.
LimitedRun run_time_limited(const std::function<std::int64_t()>& work, double limit_seconds);

}  // namespace levcl::tools
