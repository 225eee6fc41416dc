#include <atomic>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>
#include <unistd.h>

#include "levcl/io.hpp"

namespace levcl {

void write_file_atomically(const std::string& path, const std::string& contents) {
  namespace fs = std::filesystem;
  static std::atomic<unsigned> counter{0};
  // Unique per process, thread and call, so that concurrent writers never share a temporary.
  const fs::path tmp = path + ".tmp." + std::to_string(::getpid()) + "." +
                       std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id())) + "." +
                       std::to_string(counter++);
  std::error_code ec;
  {
    // Every write and the close checked: a full disk may fail only at the close.
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.close();
    if (!out) {
      const std::string why = std::strerror(errno);
      fs::remove(tmp, ec);
      throw Error(ErrorCode::write_failure, "cannot write " + path + ": " + why);
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    throw Error(ErrorCode::write_failure, "cannot rename " + tmp.string() + " to " + path + ": " + why);
  }
}

std::string utc_timestamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

}  // namespace levcl
