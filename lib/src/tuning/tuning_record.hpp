// A tuning run's record, the levcl-tuning-1 file (tuning/README.md): the device, the
// workloads with their reference distances, every measurement, and the best of them.
// tune() fills it; --resume reads one back; tuning_db.cpp reads the same format.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "levcl/tuning.hpp"

namespace levcl::detail {

inline constexpr const char* tuning_format = "levcl-tuning-1";

// One pair the configurations are timed on.
struct TuningWorkload {
  std::string name;
  std::string a, b;
  double similarity = -1;  // < 0: a pair of files
  std::uint64_t seed = 0;
  std::int64_t distance = -1;
};

class TuningRecord {
 public:
  using json = nlohmann::ordered_json;

  TuningRecord(const DeviceInfo& device, std::string command) : device_(device), command_(std::move(command)) {}

  // The earlier file at `path`, for --resume; throws bad_input if it is not a
  // levcl-tuning-1 file measured on this device.
  static json read_previous(const std::string& path, const DeviceInfo& device);

  std::vector<TuningWorkload> workloads;

  // Adds one measurement row: {"variant", "params", and "workload", "seconds", "gcups",
  // "exact" (and "distance" when wrong), or "error", or "aborted"}.
  void add(json row);
  bool measured(const std::string& variant, const Params& params) const;
  const json& measurements() const { return measurements_; }

  // Per variant, the configuration with the highest geometric-mean GCUPS over the
  // workloads, among those measured exactly on every one of them.
  std::map<std::string, TuneBest> best() const;
// The fastest time of any exact configuration of `variant` on the workload named `workload`
  // (0 when none).
  double fastest_seconds(const std::string& variant, const std::string& workload) const;

  // Writes the whole record to `path` atomically.
  void write(const std::string& path) const;

 private:
  DeviceInfo device_;
  std::string command_;
  json measurements_ = json::array();
  std::set<std::string> done_;  // variant and params of every row
};

// The variant of `best` with the highest GCUPS ("" when it is empty).
std::string best_variant(const std::map<std::string, TuneBest>& best);

}  // namespace levcl::detail
