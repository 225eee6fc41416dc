#include "tuning/tuning_record.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

#include "levcl/io.hpp"

namespace levcl::detail {
namespace {

using json = TuningRecord::json;

std::string key_of(const std::string& variant, const json& params) { return variant + " " + params.dump(); }

bool spoiled(const json& row) { return row.contains("error") || row.contains("aborted") || !row.value("exact", false); }

double geometric_mean(const std::vector<double>& values) {
  double log_sum = 0;
  for (double v : values) log_sum += std::log(v);
  return std::exp(log_sum / static_cast<double>(values.size()));
}

json device_json(const DeviceInfo& d) {
  return {{"platform", d.platform},           {"vendor", d.vendor},
          {"name", d.name},                   {"architecture", d.architecture},
          {"type", d.type},                   {"driver", d.driver},
          {"version", d.version},             {"compute_units", d.compute_units},
          {"clock_mhz", d.clock_mhz},         {"max_workgroup", d.max_workgroup},
          {"local_memory", d.local_memory},   {"global_memory", d.global_memory},
          {"max_allocation", d.max_allocation}};
}

json workload_json(const TuningWorkload& w) {
  json j = {{"name", w.name}, {"len_a", w.a.size()}, {"len_b", w.b.size()}};
  if (w.similarity >= 0) {
    j["similarity"] = w.similarity;
    j["seed"] = w.seed;
  }
  j["distance"] = w.distance;
  return j;
}

}  // namespace

json TuningRecord::read_previous(const std::string& path, const DeviceInfo& device) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorCode::bad_input, "--resume: cannot read " + path);
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw Error(ErrorCode::bad_input, "--resume: " + path + " is not JSON: " + e.what());
  }
  if (j.value("format", "") != tuning_format)
    throw Error(ErrorCode::bad_input, "--resume: " + path + " is not a " + tuning_format + " file");
  const std::string name = j.contains("device") ? j["device"].value("name", "") : "";
  if (name != device.name)
    throw Error(ErrorCode::bad_input,
                "--resume: " + path + " was measured on '" + name + "', not on '" + device.name + "'");
  return j;
}

void TuningRecord::add(json row) {
  done_.insert(key_of(row.at("variant"), row.at("params")));
  measurements_.push_back(std::move(row));
}

bool TuningRecord::measured(const std::string& variant, const Params& params) const {
  return done_.count(key_of(variant, json(params))) > 0;
}

std::map<std::string, TuneBest> TuningRecord::best() const {
  struct Seen {
    Params params;
    std::map<std::string, double> gcups;  // per workload
    bool spoiled = false;
  };
  std::map<std::string, std::map<std::string, Seen>> by_variant;  // variant -> params -> seen
  for (const auto& row : measurements_) {
    auto& seen = by_variant[row.at("variant")][row.at("params").dump()];
    seen.params = row.at("params").get<Params>();
    if (spoiled(row)) {
      seen.spoiled = true;
      continue;
    }
    seen.gcups[row.at("workload")] = row.at("gcups").get<double>();
  }
  std::map<std::string, TuneBest> best;
  for (const auto& [variant, configurations] : by_variant)
    for (const auto& [key, seen] : configurations) {
      if (seen.spoiled) continue;
      std::vector<double> values;
      for (const auto& w : workloads) {
        const auto it = seen.gcups.find(w.name);
        if (it == seen.gcups.end() || it->second <= 0) break;
        values.push_back(it->second);
      }
      if (values.empty() || values.size() != workloads.size()) continue;
      const double g = geometric_mean(values);
      const auto current = best.find(variant);
      if (current == best.end() || g > current->second.gcups) best[variant] = {seen.params, g};
    }
  return best;
}

std::string best_variant(const std::map<std::string, TuneBest>& best) {
  std::string variant;
  double top = -1;
  for (const auto& [name, b] : best)
    if (b.gcups > top) {
      top = b.gcups;
      variant = name;
    }
  return variant;
}

double TuningRecord::fastest_seconds(const std::string& variant, const std::string& workload) const {
  double fastest = 0;
  for (const auto& row : measurements_) {
    if (row.at("variant") != variant || spoiled(row) || row.value("workload", "") != workload) continue;
    const double s = row.at("seconds").get<double>();
    if (fastest == 0 || s < fastest) fastest = s;
  }
  return fastest;
}

void TuningRecord::write(const std::string& path) const {
  json root;
  root["format"] = tuning_format;
  root["levcl_version"] = version();
  root["created"] = utc_timestamp();
  root["command"] = command_;
  root["device"] = device_json(device_);
  root["workloads"] = json::array();
  for (const auto& w : workloads) root["workloads"].push_back(workload_json(w));
  root["measurements"] = measurements_;
  root["best"] = json::object();
  for (const auto& [variant, b] : best()) root["best"][variant] = {{"params", b.params}, {"gcups", b.gcups}};
  if (const std::string v = best_variant(best()); !v.empty()) root["best_variant"] = v;
  write_file_atomically(path, root.dump(1) + "\n");
}

}  // namespace levcl::detail
