#include <atomic>
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
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) {
      fs::remove(tmp, ec);
      throw Error(ErrorCode::bad_input, "cannot write " + tmp.string());
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    throw Error(ErrorCode::bad_input, "cannot rename " + tmp.string() + " to " + path + ": " + why);
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
