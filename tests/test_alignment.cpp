// Alignments (Context::align, Context::aligns) and what checks them (verify_alignment):
// every CIGAR produced is replayed over its pair, and its cost must be cpu-dp's distance,
// on edge cases, random pairs, parameter corners, batches and real genomes; plus the text
// forms (PAF, SAM, pretty) and the refusals.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <random>

#include "exactness.hpp"
#include "levcl/alignment_text.hpp"
#include "levcl/io.hpp"
#include "levcl/levcl.hpp"
#include "test_files.hpp"

namespace {

using levcl::test::Pair;

// The alignment is optimal: its CIGAR aligns a and b at the cost of cpu-dp's distance.
void check_alignment(levcl::Context& context, std::string_view a, std::string_view b, const levcl::Alignment& got) {
  CAPTURE(a.size());
  CAPTURE(b.size());
  CAPTURE(got.cigar.substr(0, 200));
  const std::int64_t expected = context.distance(a, b, "cpu-dp").distance;
  REQUIRE(got.distance == expected);
  CHECK(levcl::verify_alignment(a, b, got.cigar) == expected);
  CHECK(got.a_start == 0);
  CHECK(got.a_end == a.size());
  CHECK(got.b_start == 0);
  CHECK(got.b_end == b.size());
}

std::vector<Pair> test_pairs() {
  auto pairs = levcl::test::random_pairs(60, 2000, 21);
  for (const auto& edge : levcl::test::edge_cases({7, 64, 256})) pairs.push_back(edge);
  return pairs;
}

}  // namespace

TEST_CASE("verify_alignment replays a CIGAR and gives its cost") {
  CHECK(levcl::verify_alignment("kitten", "sitting", "1X3=1X1=1I") == 3);
  CHECK(levcl::verify_alignment("kitten", "sitting", "6M1I") == 3);  // M counts its mismatches
  CHECK(levcl::verify_alignment("", "", "") == 0);
  CHECK(levcl::verify_alignment("abc", "", "3D") == 3);
  CHECK(levcl::verify_alignment("", "abc", "3I") == 3);
  CHECK(levcl::verify_alignment("ab", "ba", "1D1=1I") == 2);  // optimal or not, its cost
  const auto refused = [](std::string_view a, std::string_view b, std::string_view cigar) {
    CAPTURE(cigar);
    CHECK_THROWS_AS(levcl::verify_alignment(a, b, cigar), levcl::Error);
  };
  refused("kitten", "sitting", "6=1I");      // = over differing bytes
  refused("abc", "abc", "1X2=");             // X over equal bytes
  refused("abc", "abc", "2=");               // a and b not consumed
  refused("abc", "abc", "4=");               // past the end
  refused("abc", "abd", "2=1Y");             // unknown operation
  refused("abc", "abc", "3");                // no operation
  refused("abc", "abc", "=3");               // no length
  refused("abc", "abc", "0=3=");             // a run of 0
  refused("abc", "abc", "99999999999999999999999=");  // overflow
}

TEST_CASE("align: optimal CIGARs on edge cases and random pairs") {
  levcl::Context context;
  for (const auto& [a, b] : test_pairs()) check_alignment(context, a, b, context.align(a, b));
}

TEST_CASE("align: parameter corners (small workgroups, teams of one and three, local columns off and tiny)") {
  levcl::Context context;
  const auto pairs = levcl::test::random_pairs(12, 900, 5);
  for (const levcl::Params& params :
       {levcl::Params{{"wg", 7}, {"global-wg", 7}, {"team", 1}},
        levcl::Params{{"wg", 64}, {"global-wg", 64}, {"team", 3}, {"extend", 0}, {"local", 0}},
        levcl::Params{{"wg", 32}, {"global-wg", 96}, {"team", 32}, {"extend", 2}, {"local", 16}}}) {
    for (const auto& [key, value] : params) CAPTURE(key + "=" + std::to_string(value));
    for (const auto& [a, b] : pairs) check_alignment(context, a, b, context.align(a, b, {"persistent", params}));
  }
}

TEST_CASE("align: long matching runs and edits at both ends") {
  levcl::Context context;
  std::mt19937_64 rng(3);
  const std::string a = levcl::test::random_string(rng, 20000, 4);
  std::string b = a;
  b[0] = b[0] == 'A' ? 'C' : 'A';
  b.insert(b.begin() + 10000, 'G');
  b.erase(b.size() - 1);
  check_alignment(context, a, b, context.align(a, b));
  check_alignment(context, a, a, context.align(a, a));  // one string against itself: one upload
  CHECK(context.align(a, a).cigar == "20000=");
}

TEST_CASE("align: above max_distance, -1 and no CIGAR") {
  levcl::Context context;
  const auto r = context.align("kitten", "sitting", {"", {}, 2});
  CHECK(r.distance == -1);
  CHECK(r.cigar.empty());
  CHECK(context.align("kitten", "sitting", {"", {}, 3}).distance == 3);
  CHECK(context.align("a", "abcdef", {"", {}, 2}).distance == -1);  // known from the lengths alone
}

TEST_CASE("aligns: a batch gives each pair's optimal CIGAR, in order") {
  levcl::Context context;
  const auto pairs = test_pairs();
  std::vector<levcl::PairView> views;
  for (const auto& [a, b] : pairs) views.push_back({a, b});
  const levcl::BatchAlignment batch = context.aligns(views);
  REQUIRE(batch.alignments.size() == pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) check_alignment(context, pairs[i].first, pairs[i].second, batch.alignments[i]);
  CHECK(batch.costs.launches < pairs.size());  // every pair's parts of a level share a launch
  CHECK(batch.peak_device_bytes > 0);

  // Shared strings: one against many, and pairs naming one string twice.
  std::vector<std::string_view> strings;
  for (const auto& pair : pairs) strings.push_back(pair.second);
  std::vector<levcl::IndexPair> indices;
  for (std::uint32_t i = 0; i < strings.size(); ++i) indices.push_back({0, i});
  indices.push_back({3, 3});
  const levcl::BatchAlignment shared = context.aligns(strings, indices, {"", {}, 400});
  REQUIRE(shared.alignments.size() == indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const auto a = strings[indices[i].a], b = strings[indices[i].b];
    const auto& got = shared.alignments[i];
    if (context.distance(a, b, "cpu-dp").distance > 400) {
      CHECK(got.distance == -1);
      CHECK(got.cigar.empty());
    } else {
      check_alignment(context, a, b, got);
    }
  }
}

// auto chooses each pair's breakpoint engine for the pair alone (similar pairs the
// wavefronts, divergent ones the bit vectors, where the device's entry rates both), so a
// pair's CIGAR, one of its optimal ones, is the same in any batch, chunk, device or rank.
// Each engine splits a pair at a cell of its own (persistent: the least diagonal's meeting
// cell; the first recorded changed from run to run on the H100).
TEST_CASE("aligns: each pair's CIGAR the same alone, in the whole batch and in parts of it") {
  levcl::Context context;
  std::mt19937_64 rng(31);
  std::vector<Pair> pairs;
  for (const auto& [length, rate] : std::vector<std::pair<std::size_t, double>>{
           {3000, 0.01}, {3000, 0.4}, {20000, 0.001}, {20000, 0.5}, {500, 0.2}, {60000, 0.002}, {60000, 0.45}}) {
    const std::string a = levcl::test::random_string(rng, length, 4);
    pairs.push_back({a, levcl::test::mutate(rng, a, rate, 4)});
  }
  const auto cigars = [&](const std::vector<std::size_t>& which) {
    std::vector<levcl::PairView> views;
    for (const std::size_t i : which) views.push_back({pairs[i].first, pairs[i].second});
    std::vector<std::string> out;
    for (const levcl::Alignment& a : context.aligns(views).alignments) out.push_back(a.cigar);
    return out;
  };
  const std::vector<std::string> whole = cigars({0, 1, 2, 3, 4, 5, 6});
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    CAPTURE(i);
    CHECK(levcl::verify_alignment(pairs[i].first, pairs[i].second, whole[i]) ==
          context.distance(pairs[i].first, pairs[i].second, "cpu-bitpar").distance);
    CHECK(cigars({i}).front() == whole[i]);
  }
  const std::vector<std::string> reversed = cigars({6, 5, 4, 3, 2, 1, 0}), odd = cigars({1, 3, 5});
  for (std::size_t i = 0; i < pairs.size(); ++i) CHECK(reversed[6 - i] == whole[i]);
  for (std::size_t k = 0; k < 3; ++k) CHECK(odd[k] == whole[2 * k + 1]);
}

TEST_CASE("align: refusals") {
  levcl::Context context;
  CHECK_THROWS_AS(context.align("a", "b", {"pwg"}), levcl::Error);
  CHECK_THROWS_AS(context.align("a", "b", {"no-such-variant"}), levcl::Error);
  CHECK_THROWS_AS(context.align("a", "b", {"persistent", {{"wg", 0}}}), levcl::Error);
  CHECK_THROWS_AS(context.align("a", "b", {"persistent", {{"no-such-param", 1}}}), levcl::Error);
  try {
    context.align("a", "b", {"pwg"});
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::invalid_argument);
  }
}

TEST_CASE("align: a part that cannot fit the device is refused, saying what it needs") {
  levcl::Context context;
  // persistent's top level holds four columns of about max(m, n) positions, 16 bytes each:
  // this pair needs more than the device has (POCL reports a few GiB), and is refused
  // before any launch. A device with room would compute a distance of 3 * 10^8: skipped
  // there. (auto may take bitpar's breakpoints, which hold 16 bytes per position of the
  // bus at most, and compute it.)
  const std::size_t length = 300000000;
  if (16.0 * length < 0.9 * static_cast<double>(context.device().global_memory)) {
    MESSAGE("skipped: " << context.device().name << " has room for the pair");
    return;
  }
  const std::string a(length, 'A'), b(length, 'C');
  try {
    context.align(a, b, {"persistent"});
    FAIL("no refusal");
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::out_of_memory);
    const std::string message = e.what();
    CHECK(message.find("needs") != std::string::npos);
    CHECK(message.find("GiB") != std::string::npos);
    CHECK(message.find(context.device().name) != std::string::npos);
  }
}

TEST_CASE("text forms: PAF, SAM, pretty") {
  levcl::Context context;
  const levcl::Alignment r = context.align("kitten", "sitting");
  REQUIRE(r.distance == 3);
  const std::string paf = levcl::paf_line("a", "b", r);
  CHECK(paf == "b\t7\t0\t7\t+\ta\t6\t0\t6\t4\t7\t255\tNM:i:3\tcg:Z:" + r.cigar);
  const std::string header = levcl::sam_header({{"a", 6}, {"empty", 0}, {"c", 9}});
  CHECK(header.find("@SQ\tSN:a\tLN:6\n@SQ\tSN:c\tLN:9\n") != std::string::npos);  // no @SQ of LN:0
  CHECK(header.rfind("@HD\tVN:1.6", 0) == 0);
  CHECK(levcl::sam_line("a", "b", "sitting", r) == "b\t0\ta\t1\t255\t" + r.cigar + "\t*\t0\t0\tsitting\t*\tNM:i:3");
  const std::string pretty = levcl::pretty_alignment("kitten", "sitting", "1X3=1X1=1I");
  CHECK(pretty == "a 1 kitten-\n    *|||*| \nb 1 sitting\n");
  // Wrapped lines start at the position of their first byte.
  const std::string wrapped = levcl::pretty_alignment("abcdef", "abXdef", "2=1X3=", 4);
  CHECK(wrapped == "a 1 abcd\n    ||*|\nb 1 abXd\n\na 5 ef\n    ||\nb 5 ef\n");
  CHECK_THROWS_AS(levcl::pretty_alignment("ab", "ab", "1="), levcl::Error);
}

TEST_CASE("align: HIV-1 pair (10 kbp, distance 1988)") {
  levcl::Context context;
  const std::string dir = LEVCL_PATH(LEVCL_SAMPLE_DIR);
  const std::string a = levcl::read_sequence(dir + "/AF133821.1.fa.gz"), b = levcl::read_sequence(dir + "/AY352275.1.fa.gz");
  const levcl::Alignment r = context.align(a, b);
  CHECK(r.distance == 1988);
  CHECK(levcl::verify_alignment(a, b, r.cigar) == 1988);
}

// The real pairs get ctest entries of their own (--test-case=NAME*): E. coli is the longest
// pair the suite aligns, HHV-6B vs EBV the most divergent.
void check_real_pair(const std::string& a_path, const std::string& b_path, std::int64_t distance) {
  levcl::Context context;
  const std::string a = levcl::read_sequence(a_path), b = levcl::read_sequence(b_path);
  const levcl::Alignment r = context.align(a, b);
  CHECK(r.distance == distance);
  CHECK(levcl::verify_alignment(a, b, r.cigar) == distance);
  MESSAGE("align on " << r.device << ": " << r.costs.seconds << " s, " << r.costs.launches << " launches, peak "
                      << r.peak_device_bytes << " device bytes");
}

TEST_CASE("HHV-6B vs EBV (162 x 172 kbp, distance 92,254)" * doctest::skip(true)) {
  const std::string dir = LEVCL_PATH(LEVCL_TEST_DATA_DIR) + "/cudalign";
  check_real_pair(dir + "/NC_000898.1.fa.gz", dir + "/NC_007605.1.fa.gz", 92254);
}

// Its 4,600 pieces are assembled in parts on the host's threads (a part from 256 pieces):
// where parts meet, runs of one operation join, so the CIGAR is the one a single thread writes.
TEST_CASE("HHV-6B vs EBV: one CIGAR whatever the host's threads" * doctest::skip(true)) {
  levcl::Context context;
  const std::string dir = LEVCL_PATH(LEVCL_TEST_DATA_DIR) + "/cudalign";
  const std::string a = levcl::read_sequence(dir + "/NC_000898.1.fa.gz"), b = levcl::read_sequence(dir + "/NC_007605.1.fa.gz");
  levcl::Options one;
  one.threads = 1;
  const levcl::Alignment single = context.align(a, b, one);
  REQUIRE(levcl::verify_alignment(a, b, single.cigar) == 92254);
  for (unsigned threads : {2u, 5u, 16u}) {
    CAPTURE(threads);
    levcl::Options many;
    many.threads = threads;
    const levcl::Alignment parted = context.align(a, b, many);
    CHECK(parted.distance == 92254);
    CHECK(parted.cigar == single.cigar);
  }
}

TEST_CASE("E.coli K-12 vs DH1 (4.6 Mbp, distance 28,152)" * doctest::skip(true)) {
  const std::string dir = LEVCL_PATH(LEVCL_TEST_DATA_DIR) + "/ecoli";
  check_real_pair(dir + "/MG1655.fa.gz", dir + "/DH1.oriented.fa.gz", 28152);
}
