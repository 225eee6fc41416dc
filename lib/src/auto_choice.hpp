// "auto": the variant for one pair on one device, from the tuning database's rates and an
// estimate of the pair's distance (README: "auto").
#pragma once

#include <string_view>

#include "levcl/tuning.hpp"

namespace levcl::detail {

// Where the device's database entry rates variants of both kinds of work (tuning_db.hpp),
// the one with the shortest predicted time: m * n / its rate for the matrix variants,
// d^2 / its rate at the workload of nearest distance for the wavefront ones, with d
// estimated from a sample of the pair.
// Otherwise the entry's best variant (tuned_choice(device, "auto")).
TunedChoice auto_choice(const DeviceInfo& device, std::string_view a, std::string_view b);

}  // namespace levcl::detail
