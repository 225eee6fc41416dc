// Every kernel builds without a warning: each variant runs its capabilities once on the
// default device (POCL on CI) with "-Werror" added to every build (LEVCL_BUILD_OPTIONS) and
// a program cache of its own, so each program is compiled here with the options the variant
// really gives it. A warning fails the build, and its log is in the error.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"
#include "test_files.hpp"

namespace {

bool has(const levcl::VariantInfo& v, levcl::Capability c) {
  for (const levcl::Capability own : v.capabilities)
    if (own == c) return true;
  return false;
}

}  // namespace

TEST_CASE("every device variant's kernels build with -Werror") {
  const levcl::test::TempDir cache;
  REQUIRE(setenv("LEVCL_BUILD_OPTIONS", "-Werror", 1) == 0);
  REQUIRE(setenv("LEVCL_CACHE_DIR", cache.path().c_str(), 1) == 0);
  std::mt19937_64 rng(5);
  // A similar pair long enough for the wavefronts' word extension and several workgroups'
  // pieces, and a divergent one for the matrix engines' bands.
  const std::string a = levcl::random_string(rng, 3000, "ACGT");
  const std::string similar = levcl::mutate(rng, a, 0.01, "ACGT"), divergent = levcl::random_string(rng, 2500, "ACGT");
  levcl::Context context;
  for (const levcl::VariantInfo& v : levcl::list_variants()) {
    if (!v.uses_device) continue;
    INFO("variant " << v.name);
    levcl::Options options;
    options.variant = v.name;
    try {
      if (has(v, levcl::Capability::distance))
        for (const std::string* b : {&similar, &divergent}) context.distance(a, *b, options);
      if (has(v, levcl::Capability::batch))
        context.distances(std::vector<levcl::PairView>{{a, similar}, {"ACGT", "AGT"}}, options);
      if (has(v, levcl::Capability::breakpoint)) context.align(a, similar, options);
    } catch (const levcl::Error& e) {
      FAIL(std::string(e.what()));  // the build log is in the message
    }
  }
  // The alignment's traceback kernels, reached through auto's splits.
  CHECK_NOTHROW(context.align(a, similar));
  CHECK_NOTHROW(context.align("ACGTACGT", "ACGAACGT"));
}
