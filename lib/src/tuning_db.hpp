// The tuning database (tuning/README.md): entries shipped in the library and the user's
// overlay folder, looked up by device and variant. tuned_choice() in levcl.hpp is its
// public face; this header shares the device-name rules with devices.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "levcl/tuning.hpp"

namespace levcl::detail {

// What the alias rules make of a device name when one of them matches it, e.g. POCL's
// "pthread-skylake-avx512-AMD EPYC" -> "skylake-avx512"; nullopt when none matches.
std::optional<std::string> device_name_alias(const std::string& name);

// The key device names are compared by: the alias if a rule matches, in lower case.
std::string device_name_key(const std::string& name);

// A device variant the tuning database rates, with the work it does per second.
struct RatedChoice {
  TunedChoice choice;
  Work work;    // what the rate counts: m * n cells, or d^2 wavefront cells
  double rate;  // per second, for the entry's best configuration: matrix variants, the geometric
                // mean over its workloads; wavefront variants, on one workload
  double distance = 0;  // wavefront variants: that workload's distance
};

// Every device variant rated by the entry that tuned_choice(device, "auto") takes, from
// that entry's measurements; empty when it has none. A wavefront variant is rated once per
// workload: its time grows with the distance in ways one rate misses (one launch per band of
// radii, or a fixed cost per radius), so auto compares them at the workload nearest the pair.
std::vector<RatedChoice> rated_choices(const DeviceInfo& device);

}  // namespace levcl::detail
