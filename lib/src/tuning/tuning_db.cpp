// The tuning database: loading the shipped and overlay entries and looking a device up
// in them, by the rules of tuning/README.md.
#include "tuning/tuning_db.hpp"

#include <algorithm>
#include <map>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "runtime/embedded_files.hpp"
#include "runtime/log.hpp"
#include "levcl/io.hpp"
#include "levcl/tuning.hpp"
#include "engines/registry.hpp"
#include "runtime/device_names.hpp"

namespace levcl {
namespace detail {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Entry {
  std::string source;  // "shipped tuning/default.json", "overlay /home/u/.local/share/levcl/tuning/x.json"
  json data;
};

// Throws std::runtime_error saying what is wrong with an entry that cannot be used.
void validate(const json& e) {
  if (!e.is_object()) throw std::runtime_error("not a JSON object");
  if (e.value("format", "") != "levcl-tuning-1") throw std::runtime_error("format is not \"levcl-tuning-1\"");
  const bool is_default = e.value("match", "") == "default";
  if (!is_default && !(e.contains("device") && e["device"].is_object() && e["device"].contains("name") &&
                       e["device"]["name"].is_string()))
    throw std::runtime_error("neither \"match\": \"default\" nor a device with a name");
  if (e.contains("device"))
    for (const char* key : {"name", "architecture", "vendor", "type"})
      if (e["device"].contains(key) && !e["device"][key].is_string())
        throw std::runtime_error(std::string("device ") + key + " is not a string");
  if (!e.contains("best")) return;
  if (!e["best"].is_object()) throw std::runtime_error("\"best\" is not an object");
  for (const auto& [variant, choice] : e["best"].items()) {
    if (!choice.is_object() || (choice.contains("params") && !choice["params"].is_object()))
      throw std::runtime_error("best." + variant + " is not an object with an object \"params\"");
    const json params = choice.value("params", json::object());  // named: items() does not own it
    for (const auto& [key, value] : params.items())
      if (!value.is_number_integer())
        throw std::runtime_error("best." + variant + ".params." + key + " is not an integer");
  }
  if (e.contains("best_variant") &&
      !(e["best_variant"].is_string() && e["best"].contains(e["best_variant"].get<std::string>())))
    throw std::runtime_error("\"best_variant\" does not name a variant of \"best\"");
  // Every field auto and the tuner read, of the type they read it as.
  const auto rows = [&e](const char* list, const std::vector<std::pair<const char*, json::value_t>>& fields) {
    if (!e.contains(list)) return;
    if (!e[list].is_array()) throw std::runtime_error(std::string("\"") + list + "\" is not an array");
    for (std::size_t i = 0; i < e[list].size(); ++i) {
      const json& row = e[list][i];
      const std::string where = std::string(list) + "[" + std::to_string(i) + "]";
      if (!row.is_object()) throw std::runtime_error(where + " is not an object");
      for (const auto& [key, type] : fields) {
        if (!row.contains(key)) continue;
        const json& value = row[key];
        const bool ok = type == json::value_t::number_float     ? value.is_number()
                        : type == json::value_t::number_integer ? value.is_number_integer()
                        : type == json::value_t::string         ? value.is_string()
                        : type == json::value_t::boolean        ? value.is_boolean()
                                                                : value.is_object();
        if (!ok) {
          const char* wanted = type == json::value_t::number_float     ? "a number"
                               : type == json::value_t::number_integer ? "an integer"
                               : type == json::value_t::string         ? "a string"
                               : type == json::value_t::boolean        ? "true or false"
                                                                       : "an object";
          throw std::runtime_error(where + "." + key + " is not " + wanted);
        }
      }
      if (row.contains("params"))
        for (const auto& [key, value] : row["params"].items())
          if (!value.is_number_integer()) throw std::runtime_error(where + ".params." + key + " is not an integer");
    }
  };
  using T = json::value_t;
  rows("workloads", {{"name", T::string}, {"len_a", T::number_float}, {"len_b", T::number_float},
                     {"distance", T::number_float}, {"similarity", T::number_float}, {"seed", T::number_integer}});
  rows("measurements", {{"variant", T::string}, {"params", T::object}, {"workload", T::string},
                        {"seconds", T::number_float}, {"gcups", T::number_float}, {"exact", T::boolean},
                        {"distance", T::number_integer}, {"error", T::string}, {"aborted", T::string}});
}

// Parses and validates one entry; a bad one is skipped with a warning.
std::optional<Entry> parse_entry(std::string source, std::string_view text) {
  try {
    json data = json::parse(text);
    validate(data);
    return Entry{std::move(source), std::move(data)};
  } catch (const std::exception& e) {
    log().warn("tuning database: skipping {}: {}", source, e.what());
    return std::nullopt;
  }
}

const std::vector<Entry>& shipped_entries() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> out;
    for (const auto& file : embedded_tuning())
      if (auto entry = parse_entry("shipped tuning/" + std::string(file.name), file.contents))
        out.push_back(std::move(*entry));
    return out;
  }();
  return entries;
}


// The overlay's *.json files in name order, with what identifies their current versions.
struct OverlayListing {
  fs::path dir;
  std::vector<std::pair<fs::path, std::string>> files;  // path, size and modification time
  bool operator==(const OverlayListing& o) const { return dir == o.dir && files == o.files; }
};

OverlayListing list_overlay() {
  OverlayListing listing{tuning_overlay_dir(), {}};
  std::error_code ec;
  if (listing.dir.empty() || !fs::is_directory(listing.dir, ec)) return listing;
  for (const auto& item : fs::directory_iterator(listing.dir, ec)) {
    if (item.path().extension() != ".json" || !item.is_regular_file(ec)) continue;
    const auto size = item.file_size(ec);
    const auto time = item.last_write_time(ec).time_since_epoch().count();
    listing.files.emplace_back(item.path(), std::to_string(size) + "@" + std::to_string(time));
  }
  std::sort(listing.files.begin(), listing.files.end());
  return listing;
}

// The overlay entries, parsed again only when the folder's listing changes: `levcl-tune
// --install` takes effect without a restart, and a malformed file warns once per change.
// Shared, not copied: every distance call looks its parameters up here.
std::shared_ptr<const std::vector<Entry>> overlay_entries() {
  static std::mutex mutex;
  static OverlayListing cached_listing;
  static std::shared_ptr<const std::vector<Entry>> cached;
  OverlayListing listing = list_overlay();
  std::lock_guard<std::mutex> lock(mutex);
  if (cached && listing == cached_listing) return cached;
  auto entries = std::make_shared<std::vector<Entry>>();
  for (const auto& [path, version] : listing.files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
      log().warn("tuning database: skipping {}: cannot be read", path.string());
      continue;
    }
    if (auto entry = parse_entry("overlay " + path.string(), text.str())) entries->push_back(std::move(*entry));
  }
  cached_listing = std::move(listing);
  cached = std::move(entries);
  return cached;
}

// Lookups worked out once per device and version of the overlay: auto asks them on every
// call, and reading an entry of thousands of measurements takes milliseconds.
template <typename Value>
class LookupMemo {
 public:
  template <typename Make>
  Value get(const std::shared_ptr<const std::vector<Entry>>& overlay, const std::string& key, Make&& make) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (overlay != overlay_) {
      values_.clear();
      overlay_ = overlay;
    }
    if (const auto found = values_.find(key); found != values_.end()) return found->second;
    return values_.emplace(key, make()).first->second;
  }

 private:
  std::mutex mutex_;
  std::shared_ptr<const std::vector<Entry>> overlay_;
  std::map<std::string, Value> values_;
};

// Every field a lookup reads: the levels match on names, runnability on the limits.
std::string lookup_key(const DeviceInfo& d) {
  std::ostringstream key;
  key << d.platform << '\n' << d.platform_vendor << '\n' << d.vendor << '\n' << d.name << '\n' << d.version << '\n'
      << d.driver << '\n' << d.type << '\n' << d.architecture << '\n' << d.compute_units << ' ' << d.clock_mhz << ' '
      << d.max_workgroup << ' ' << d.local_memory << ' ' << d.global_memory << ' ' << d.max_allocation;
  return key.str();
}

std::string device_field(const json& entry, const char* key) {
  if (!entry.contains("device")) return "";
  return entry["device"].value(key, "");
}

// The lookup levels, most specific first: a name for the source string and the test.
struct Level {
  const char* name;
  bool (*matches)(const json& entry, const DeviceInfo& device);
};

const Level levels[] = {
    {"device name",
     [](const json& e, const DeviceInfo& d) {
       return e.contains("device") && device_name_key(device_field(e, "name")) == device_name_key(d.name);
     }},
    {"architecture",
     [](const json& e, const DeviceInfo& d) {
       return !d.architecture.empty() && device_field(e, "architecture") == d.architecture;
     }},
    {"vendor and type",
     [](const json& e, const DeviceInfo& d) {
       return e.contains("device") && device_field(e, "vendor") == d.vendor && device_field(e, "type") == d.type;
     }},
    {"default", [](const json& e, const DeviceInfo&) { return e.value("match", "") == "default"; }},
};

TunedChoice defaults_of(const VariantInfo& info, std::string source) {
  return {info.name, resolve_params(info, {}), std::move(source)};
}

// The overlay's entries, then the shipped ones: at each level an overlay entry beats a
// shipped one.
std::vector<const Entry*> entries_in_order(const std::vector<Entry>& overlay) {
  std::vector<const Entry*> entries;
  for (const auto& entry : overlay) entries.push_back(&entry);
  for (const auto& entry : shipped_entries()) entries.push_back(&entry);
  return entries;
}

// The choice an entry makes for `variant` (a device variant's name).
TunedChoice choice_from(const Entry& entry, const char* level, const DeviceInfo& device, const VariantInfo& info) {
  Params params = resolve_params(info, {});
  const json given = entry.data["best"][info.name].value("params", json::object());
  for (const auto& [key, value] : given.items()) {
    if (params.count(key))
      params[key] = value.get<std::int64_t>();
    else
      log().warn("tuning database: {} gives {} an unknown parameter '{}'; ignored", entry.source, info.name, key);
  }
  const std::string source = entry.source + " (" + level + ")";
  if (const auto why = unrunnable_reason(device, info.name, params); !why.empty()) {
    log().warn("tuning database: {} for {} on {} cannot run ({}); using the defaults", source, info.name,
               device.name, why);
    return defaults_of(info, "defaults (entry " + source + " not runnable: " + why + ")");
  }
  return {info.name, std::move(params), source};
}

}  // namespace
}  // namespace detail

std::string tuning_overlay_dir() {
  const auto env = [](const char* name) -> std::string {
    const char* value = std::getenv(name);
    return value ? value : "";
  };
  if (const auto dir = env("LEVCL_TUNING_DIR"); !dir.empty()) return dir;
  if (const auto data = env("XDG_DATA_HOME"); !data.empty()) return data + "/levcl/tuning";
  if (const auto home = env("HOME"); !home.empty()) return home + "/.local/share/levcl/tuning";
  return "";
}

std::string install_tuning_file(const std::string& path) {
  const std::filesystem::path dir = tuning_overlay_dir();
  if (dir.empty())
    throw Error(ErrorCode::invalid_argument, "no tuning overlay: neither LEVCL_TUNING_DIR, XDG_DATA_HOME nor HOME is set");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::filesystem::path target = dir / std::filesystem::path(path).filename();
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw Error(ErrorCode::bad_input, "cannot read " + path + " to install it");
  write_file_atomically(target.string(), text.str());  // a running lookup never sees half a file
  return target.string();
}

namespace detail {

namespace {

std::vector<MeasuredChoice> read_measured_choices(const std::vector<Entry>& overlay, const DeviceInfo& device) {
  for (const auto& level : levels)
    for (const Entry* entry : entries_in_order(overlay)) {
      // The entry tuned_choice(device, "auto") would take: the first that names a best variant.
      const json& data = entry->data;
      const json bests = data.value("best", json::object());  // named: items() does not own it
      if (!level.matches(data, device) || !bests.contains(data.value("best_variant", ""))) continue;
      if (!data.contains("measurements")) return {};
      std::map<std::string, const json*> workloads;
      const json& listed = data.contains("workloads") ? data["workloads"] : json::array();
      for (const auto& w : listed) workloads[w.value("name", "")] = &w;
      std::vector<MeasuredChoice> out;
      for (const auto& [name, best] : bests.items()) {
        const Variant* v = nullptr;
        try {
          v = &find_variant(name);
        } catch (const Error&) {
          continue;  // a variant this library does not have
        }
        if (!v->info.uses_device) continue;
        MeasuredChoice measured{choice_from(*entry, level.name, device, v->info), {}};
        for (const auto& row : data["measurements"]) {
          if (row.value("variant", "") != name || row.value("params", json()) != best.value("params", json()) ||
              !row.value("exact", false) || !workloads.count(row.value("workload", "")))
            continue;
          const json& w = *workloads[row.value("workload", "")];
          measured.measured.push_back({{w.value("len_a", 0.0), w.value("len_b", 0.0), w.value("distance", 0.0)},
                                       row.value("seconds", 0.0)});
        }
        if (!measured.measured.empty()) out.push_back(std::move(measured));
      }
      return out;
    }
  return {};
}

TunedChoice read_tuned_choice(const std::vector<Entry>& overlay, const DeviceInfo& device, const std::string& variant) {
  const bool automatic = is_automatic(variant);
  for (const auto& level : levels)
    for (const Entry* entry_pointer : entries_in_order(overlay)) {
      const Entry& entry = *entry_pointer;
      if (!level.matches(entry.data, device)) continue;
      const json& best = entry.data.value("best", json::object());
      const std::string name = automatic ? entry.data.value("best_variant", "") : variant;
      if (name.empty() || !best.contains(name)) continue;
      const Variant* chosen = nullptr;
      try {
        chosen = &find_variant(name);
      } catch (const Error&) {
        log().warn("tuning database: {} names an unknown variant '{}'; skipped", entry.source, name);
        continue;
      }
      if (!chosen->info.uses_device) continue;
      return choice_from(entry, level.name, device, chosen->info);
    }
  return defaults_of(automatic ? auto_fallback_variant().info : find_variant(variant).info, "defaults");
}

}  // namespace

std::shared_ptr<const std::vector<MeasuredChoice>> measured_choices(const DeviceInfo& device) {
  static LookupMemo<std::shared_ptr<const std::vector<MeasuredChoice>>> memo;
  const auto overlay = overlay_entries();
  return memo.get(overlay, lookup_key(device), [&] {
    return std::make_shared<const std::vector<MeasuredChoice>>(read_measured_choices(*overlay, device));
  });
}

}  // namespace detail

TunedChoice tuned_choice(const DeviceInfo& device, const std::string& variant) {
  using namespace detail;
  if (!is_automatic(variant) && !find_variant(variant).info.uses_device)
    return defaults_of(find_variant(variant).info, "defaults");
  static LookupMemo<TunedChoice> memo;
  const auto overlay = overlay_entries();
  return memo.get(overlay, lookup_key(device) + '\n' + variant,
                  [&] { return read_tuned_choice(*overlay, device, variant); });
}

}  // namespace levcl
