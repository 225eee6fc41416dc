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

TEST_CASE("HHV-6B vs EBV (162 x 172 kbp): distance 92,254 with minreads") {
  levcl::Context context;
  const std::string a = levcl::read_sequence(data_dir + "/cudalign/NC_000898.1.fa.gz");
  const std::string b = levcl::read_sequence(data_dir + "/cudalign/NC_007605.1.fa.gz");
  REQUIRE(a.size() == 162114);
  REQUIRE(b.size() == 171823);
  const auto result = context.distance(a, b, "minreads");
  CHECK(result.distance == 92254);
  MESSAGE("minreads on " << result.device << ": " << result.seconds << " s, " << result.cells << " cells");
}
