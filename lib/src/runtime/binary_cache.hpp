// The on-disk store of compiled program binaries: one file an entry, holding its key and a
// SHA-256 of its bytes, both checked before the bytes are given back; in a folder of the
// user's own, refused when another user owns it or others may write to it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace levcl::detail {

// SHA-256 of the bytes, in hex.
std::string sha256_hex(std::string_view bytes);

class BinaryCache {
 public:
  // The folder: LEVCL_CACHE_DIR, else $XDG_CACHE_HOME/levcl, else ~/.cache/levcl, else
  // levcl-cache-UID in the temporary folder; made 0700 when missing. None (nothing loaded or
  // stored) when LEVCL_NO_CACHE is set, or when the folder is owned by another user or
  // writable by others: a warning says so, once per process.
  BinaryCache();

  bool enabled() const { return !folder_.empty(); }
  const std::string& folder() const { return folder_; }

  // The binary stored under `key` (label names the file, for people), when its entry is
  // whole: the key it holds is `key` and its bytes have their checksum. A damaged or
  // foreign entry is removed.
  std::optional<std::string> load(const std::string& label, const std::string& key) const;
  // Stores the binary under `key`, atomically (a reader never sees half an entry).
  void store(const std::string& label, const std::string& key, const std::string& binary) const;
  // Removes the entry (the driver rejected its binary).
  void discard(const std::string& label, const std::string& key) const;

 private:
  std::string path_of(const std::string& label, const std::string& key) const;
  std::string folder_;
};

}  // namespace levcl::detail
