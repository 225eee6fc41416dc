// The shared contract of levcl's commands: parse, run, and turn every failure into one
// "<program>: error: ..." line and an exit status (2 bad usage or input, 3 failure while
// running). levcl and levcl-tune both end in run_command.
#pragma once

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::tools {

// --device, as levcl-tune and levcl-bench take it.
inline CLI::Option* add_device_option(CLI::App& app, std::string& device) {
  return app.add_option("--device", device,
                        "OpenCL device: P:D, an index of levcl --list-devices, or part of its name "
                        "(default: LEVCL_DEVICE, else the first GPU, else the first CPU); several, whose "
                        "batches are dealt to them: all (every GPU, else every CPU device) or a list, 0:0,0:1");
}

// --param, repeatable, as levcl and levcl-bench take it; allow_extra_args(false): each
// takes one value, so "--param wg=64 A B" leaves A B.
inline CLI::Option* add_param_option(CLI::App& app, std::vector<std::string>& params, const std::string& help) {
  return app.add_option("--param", params, help)->type_name("KEY=VALUE")->allow_extra_args(false);
}

// The --param values as parameters (invalid_argument on a malformed one).
inline levcl::Params parsed_params(const std::vector<std::string>& given) {
  levcl::Params params;
  for (const auto& p : given) levcl::parse_param(p, params);
  return params;
}

// Where standard output goes, as the errors name it: the file of output_to, once called.
inline std::string& output_name() {
  static std::string name = "standard output";
  return name;
}

// Standard output into the file at `path` from now on (created, or emptied), std::cout with
// it (it writes through stdio's stdout); write_failure where it cannot be.
inline void output_to(const std::string& path) {
  output_name() = path;
  if (std::freopen(path.c_str(), "w", stdout)) return;
  const int error = errno;
  throw levcl::Error(levcl::ErrorCode::write_failure,
                     "cannot write to " + path + ": " + std::strerror(error ? error : EIO));
}

// Flushes standard output and throws write_failure when what was written did not all
// arrive (a full disk, a closed descriptor): never an exit 0 with output lost.
inline void check_output() {
  if (std::cout.flush()) return;
  const int error = errno;
  throw levcl::Error(levcl::ErrorCode::write_failure,
                     "cannot write to " + output_name() + ": " + std::strerror(error ? error : EIO));
}

// Parses argv into app, then returns run()'s status, or the status of what was thrown;
// standard output is checked last (check_output).
template <typename Run>
int run_command(CLI::App& app, int argc, char** argv, Run&& run) {
  const auto fail = [&app](const std::string& message, int status) {
    std::cerr << app.get_name() << ": error: " << message << std::endl;
    return status;
  };
  try {
    app.parse(argc, argv);
    const int status = run();
    check_output();
    return status;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help and --version print to stdout
    return fail(e.what(), 2);
  } catch (const levcl::Error& e) {
    return fail(e.what(), levcl::is_usage_error(e.code()) ? 2 : 3);
  } catch (const std::bad_alloc&) {
    return fail("out of memory", 3);
  } catch (const std::exception& e) {
    return fail(e.what(), 3);
  }
}

}  // namespace levcl::tools
