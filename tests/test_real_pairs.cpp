// Real genome pairs with published distances (../shared/data/README.md).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "levcl/levcl.hpp"
#include "test_support.hpp"

namespace {

const std::string sample_dir = levcl::test::data_dir("LEVCL_SAMPLE_DIR", LEVCL_SAMPLE_DIR);
const std::string data_dir = levcl::test::data_dir("LEVCL_TEST_DATA_DIR", LEVCL_TEST_DATA_DIR);

}  // namespace

TEST_CASE("HIV-1 genomes: distance 1988 for every variant") {
  levcl::Context context;
  const std::string a = levcl::read_sequence(sample_dir + "/AF133821.1.fa.gz");
  const std::string b = levcl::read_sequence(sample_dir + "/AY352275.1.fa.gz");
  REQUIRE(a.size() == 10035);
  REQUIRE(b.size() == 10280);
  for (const auto& variant : levcl::list_variants()) {
    CAPTURE(variant.name);
    CHECK(context.distance(a, b, variant.name).distance == 1988);
  }
}

// One subcase per variant, so that ctest runs them as separate tests (tests/CMakeLists.txt).
// baseline and dynamic are left out: one blocking read per radius makes them minutes long
// on POCL, and they share wfa_column.cl with minreads and prefetch.
TEST_CASE("HHV-6B vs EBV (162 x 172 kbp): distance 92,254") {
  levcl::Context context;
  const std::string a = levcl::read_sequence(data_dir + "/cudalign/NC_000898.1.fa.gz");
  const std::string b = levcl::read_sequence(data_dir + "/cudalign/NC_007605.1.fa.gz");
  REQUIRE(a.size() == 162114);
  REQUIRE(b.size() == 171823);
  for (const char* variant :
       {"minreads", "prefetch", "tile-local", "tile-global", "tile-private", "pwg", "antidiagonal"}) {
    SUBCASE(variant) {
      const auto result = context.distance(a, b, variant);
      CHECK(result.distance == 92254);
      MESSAGE(std::string(variant) << " on " << result.device << ": " << result.seconds << " s, " << result.cells << " cells");
    }
  }
}
