// The tuning database (tuning/README.md): entries shipped in the library and the user's
// overlay folder, looked up by device and variant. tuned_choice() in levcl/tuning.hpp is
// its public face; this header gives auto what an entry measured.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engines/cost_model.hpp"
#include "levcl/tuning.hpp"

namespace levcl::detail {

// A device variant the tuning database rates: its tuned configuration, and that
// configuration's exact measurements on the entry's workloads, which its cost models
// predict from (engines/cost_model.hpp).
struct MeasuredChoice {
  TunedChoice choice;
  std::vector<Measurement> measured;
};

// Every device variant that the entry tuned_choice(device, "auto") takes has measured
// (at least one exact measurement of its best configuration); empty when it has none. The
// same list, shared, until the overlay changes: what is derived from it may be kept by it.
std::shared_ptr<const std::vector<MeasuredChoice>> measured_choices(const DeviceInfo& device);

}  // namespace levcl::detail
