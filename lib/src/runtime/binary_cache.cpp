#include "runtime/binary_cache.hpp"

#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

#include "levcl/io.hpp"
#include "runtime/log.hpp"

namespace levcl::detail {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMagic = "levcl-program-1";

bool cache_disabled() {
  const char* v = std::getenv("LEVCL_NO_CACHE");
  return v && *v && std::string(v) != "0";
}

fs::path chosen_folder() {
  if (const char* dir = std::getenv("LEVCL_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "levcl";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "levcl";
  return fs::temp_directory_path() / ("levcl-cache-" + std::to_string(::geteuid()));
}

// Why the folder cannot hold the cache, or "": made (0700) when missing; it must be a
// folder of this user's that no one else may write to, since what it holds is run.
std::string untrusted(const fs::path& folder) {
  std::error_code ec;
  fs::create_directories(folder.parent_path(), ec);
  if (::mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST) return std::string("cannot create it: ") + std::strerror(errno);
  struct stat info {};
  if (::stat(folder.c_str(), &info) != 0) return std::string("cannot read it: ") + std::strerror(errno);
  if (!S_ISDIR(info.st_mode)) return "it is not a folder";
  if (info.st_uid != ::geteuid()) return "it belongs to another user (uid " + std::to_string(info.st_uid) + ")";
  if (info.st_mode & (S_IWGRP | S_IWOTH)) return "others may write to it";
  return "";
}

void warn_once(const std::string& message) {
  static std::once_flag once;
  std::call_once(once, [&] { log().warn("{}", message); });
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

BinaryCache::BinaryCache() {
  if (cache_disabled()) return;
  const fs::path folder = chosen_folder();
  if (const std::string why = untrusted(folder); !why.empty()) {
    warn_once("program cache " + folder.string() + " is not used (" + why +
              "): programs are built from source. Set LEVCL_CACHE_DIR to a folder of your own.");
    return;
  }
  folder_ = folder.string();
}

std::string BinaryCache::path_of(const std::string& label, const std::string& key) const {
  return (fs::path(folder_) / (fs::path(label).stem().string() + "-" + key.substr(0, 16) + ".bin")).string();
}

std::optional<std::string> BinaryCache::load(const std::string& label, const std::string& key) const {
  if (!enabled()) return std::nullopt;
  const std::string path = path_of(label, key);
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  const std::string entry = text.str();
  // magic, key, checksum and size, a line each, then the bytes
  std::istringstream header(entry);
  std::string magic, stored_key, checksum, size;
  std::getline(header, magic);
  std::getline(header, stored_key);
  std::getline(header, checksum);
  std::getline(header, size);
  const auto at = static_cast<std::size_t>(header.tellg());
  const bool whole = header && magic == kMagic && stored_key == key && size == std::to_string(entry.size() - at) &&
                     entry.size() > at && sha256_hex(std::string_view(entry).substr(at)) == checksum;
  if (!whole) {
    log().info("program cache entry {} is damaged or not this program's; building it again", path);
    discard(label, key);
    return std::nullopt;
  }
  return entry.substr(at);
}

void BinaryCache::store(const std::string& label, const std::string& key, const std::string& binary) const {
  if (!enabled() || binary.empty()) return;
  write_file_atomically(path_of(label, key), std::string(kMagic) + "\n" + key + "\n" + sha256_hex(binary) + "\n" +
                                                 std::to_string(binary.size()) + "\n" + binary);
}

void BinaryCache::discard(const std::string& label, const std::string& key) const {
  if (!enabled()) return;
  std::error_code ec;
  fs::remove(path_of(label, key), ec);
}

}  // namespace levcl::detail
