// Scratch files, environment variables and child processes for the test programs.
#pragma once

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>

namespace levcl::test {

namespace fs = std::filesystem;

// Sets (or, with nullopt, unsets) an environment variable for the lifetime of the object
// and restores the previous state afterwards.
class ScopedEnv {
 public:
  ScopedEnv(std::string name, std::optional<std::string> value) : name_(std::move(name)) {
    if (const char* old = std::getenv(name_.c_str())) old_ = old;
    if (value) {
      ::setenv(name_.c_str(), value->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_.c_str(), old_->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

// A fresh, empty directory under the system temporary directory, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "levcl-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary directory");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// A path compiled into the tests (LEVCL_SAMPLE_DIR, LEVCL_CLI, ...), unless the environment
// variable of the same name is set: the test programs then run on another machine, such
// as a GPU host, with their data and tools elsewhere.
inline std::string path_of(const char* name, const char* compiled) {
  const char* value = std::getenv(name);
  return value && *value ? value : compiled;
}
#define LEVCL_PATH(NAME) ::levcl::test::path_of(#NAME, NAME)

// One scratch directory for the whole test program.
inline const fs::path& scratch_dir() {
  static const TempDir dir;
  return dir.path();
}

// Writes bytes to `name` in the scratch directory; returns its path (throws if it cannot).
inline std::string write_file(const std::string& name, const std::string& bytes) {
  const fs::path path = scratch_dir() / name;
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out.good()) throw std::runtime_error("cannot write " + path.string());
  return path.string();
}

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// s in single quotes for the shell.
inline std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Output {
  int status = -1;
  std::string out, err;
};

// Runs a shell command line, capturing its exit status, standard output and error.
inline Output run_shell(const std::string& command_line) {
  const fs::path out = scratch_dir() / "stdout", err = scratch_dir() / "stderr";
  const std::string command = command_line + " >" + quote(out.string()) + " 2>" + quote(err.string());
  const int status = std::system(command.c_str());
  Output result;
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(out);
  result.err = read_file(err);
  return result;
}

// The first python3 that has matplotlib (the plot scripts need it); "" if none.
inline std::string python_with_matplotlib() {
  for (const std::string candidate : {"python3", "/usr/bin/python3"})
    if (run_shell(candidate + " -c 'import matplotlib'").status == 0) return candidate;
  return "";
}

}  // namespace levcl::test
