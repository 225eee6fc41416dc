// Running the levcl command from the tests (test_cli, test_cli_batch).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "test_files.hpp"

namespace levcl::test {

// Runs "<before> levcl <args>" through the shell; before may set variables or start a pipe.
inline Output levcl_cli(const std::string& args, const std::string& before = "") {
  return run_shell(before + " " + quote(LEVCL_PATH(LEVCL_CLI)) + " " + args);
}

// A failure before any result: the expected status, nothing on stdout, a "levcl: error:"
// message on stderr, of exactly one line.
inline void check_failure(const std::string& args, int status) {
  const Output r = levcl_cli(args);
  INFO("levcl " << args << "\nstdout: " << r.out << "\nstderr: " << r.err);
  CHECK(r.status == status);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("levcl: error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(!r.err.empty());
  CHECK(r.err.back() == '\n');
}

}  // namespace levcl::test
