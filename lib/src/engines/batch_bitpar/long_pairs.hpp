// batch-bitpar's long pairs (`pieces`): each a piece of bitpar's sweeps (cl/bitpar.cl,
// engines/bitpar/bitpar_sweeps.hpp) over their strings joined once on the device
// (join_strings, as the wavefront batch engines have them), every pair of a launch side by
// side and each pair's stripes pipelined across workgroups, as bitpar pipelines one long
// pair's. A workgroup of batch_bitpar_lanes walks its pair's stripes one after another: a
// chain as long as the pair's band times its stripes, however few the pairs (on the H100
// the 2,774 SARS-CoV-2 pairs above auto's trial took 61 ms so).
#pragma once

#include <cstdint>
#include <vector>

#include "engines/registry.hpp"

namespace levcl::detail {

// The distances of call.pairs[i] for each i of `ids` (neither string empty) into
// out.distances, their cells and launches added to out.costs, from a bound each as the
// chunks' kernels take it (batch_first_bound: the caller's k, else the length difference
// plus `band`), doubled for the pairs whose distance is above it. Returns the seconds of
// its kernels.
double run_long_pairs(OpenDevice& device, const BatchCall& call, const std::vector<std::uint32_t>& ids,
                      std::int64_t band, BatchResult& out);

}  // namespace levcl::detail
