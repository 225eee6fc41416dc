// Probe: where a levcl process's end goes: the Context's destructor, or the driver's exit.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include "levcl/io.hpp"
#include "levcl/levcl.hpp"
using Clock = std::chrono::steady_clock;
static double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
int main(int argc, char** argv) {
  const auto t0 = Clock::now();
  const auto records = levcl::read_records(argv[1]);
  std::vector<std::string_view> strings;
  for (const auto& r : records) strings.push_back(r.sequence);
  std::vector<levcl::IndexPair> pairs;
  for (std::uint32_t i = 0; i < strings.size(); ++i)
    for (std::uint32_t j = i + 1; j < strings.size(); ++j) pairs.push_back({i, j});
  const double read = since(t0);
  auto context = std::make_unique<levcl::Context>();
  const auto t1 = Clock::now();
  const auto r = context->distances(strings, pairs);
  const double work = since(t1);
  const auto t2 = Clock::now();
  context.reset();
  const double destroy = since(t2);
  std::printf("%zu pairs (first %lld): read %.3f s, work %.3f s, Context destroyed in %.3f s, at %.3f s\n",
              r.distances.size(), (long long)r.distances.at(0), read, work, destroy, since(t0));
  std::fflush(stdout);
  if (argc > 2 && !std::strcmp(argv[2], "quick")) std::_Exit(0);
  return 0;
}
