// The input rules (Options::ignore_case, n_mismatch): every engine, batches, streams and
// alignments give the distance the rules define, checked against a DP written here with the
// rules' own definition of a match.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"
#include "levcl/stream.hpp"
#include "levcl/synthetic.hpp"

namespace {

bool is_n(char c) { return c == 'N' || c == 'n'; }
char folded(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

bool match(char x, char y, const levcl::Options& rules) {
  if (rules.n_mismatch && (is_n(x) || is_n(y))) return false;
  return rules.ignore_case ? folded(x) == folded(y) : x == y;
}

// Wagner-Fischer with the rules' match.
std::int64_t expected(const std::string& a, const std::string& b, const levcl::Options& rules) {
  std::vector<std::int64_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<std::int64_t>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::int64_t diagonal = row[0];
    row[0] = static_cast<std::int64_t>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::int64_t next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (match(a[i - 1], b[j - 1], rules) ? 0 : 1)});
      diagonal = row[j];
      row[j] = next;
    }
  }
  return row[b.size()];
}

levcl::Options rules_of(bool ignore_case, bool n_mismatch, const std::string& variant = "") {
  levcl::Options o;
  o.variant = variant;
  o.ignore_case = ignore_case;
  o.n_mismatch = n_mismatch;
  return o;
}

// Pairs over ACGTNacgtn: soft-masked runs, N runs on both sides at the same places, lengths
// around a workgroup's and a word's sizes, empty and equal strings.
std::vector<std::pair<std::string, std::string>> pairs() {
  std::mt19937_64 rng(7);
  std::vector<std::pair<std::string, std::string>> out = {
      {"", ""}, {"N", "N"}, {"n", "N"}, {"acgt", "ACGT"}, {"NNNN", "NNNN"}, {"ACGTN", "acgtn"}, {"", "nN"}};
  for (const std::size_t length : {31, 64, 65, 257, 1000, 3000}) {
    std::string a = levcl::random_string(rng, length, "ACGT");
    for (std::size_t at = 0; at + 10 < length; at += 97) std::fill_n(a.begin() + static_cast<long>(at), 5, 'N');
    std::string b = levcl::mutate(rng, a, 0.05, "ACGT");
    for (std::size_t i = 0; i < a.size(); i += 3) a[i] = folded(a[i]) == a[i] && a[i] != 'N' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    out.emplace_back(a, b);
    out.emplace_back(b, b);  // equal: 0 byte for byte, its Ns under n_mismatch
  }
  return out;
}

}  // namespace

TEST_CASE("compared_bytes: upper case first, then a's Ns are N and b's n") {
  CHECK(levcl::compared_bytes("acgNn", rules_of(true, false), false) == "ACGNN");
  CHECK(levcl::compared_bytes("acgNn", rules_of(false, true), false) == "acgNN");
  CHECK(levcl::compared_bytes("acgNn", rules_of(false, true), true) == "acgnn");
  CHECK(levcl::compared_bytes("acgNn", rules_of(true, true), true) == "ACGnn");
  CHECK(levcl::compared_bytes("acgNn", rules_of(false, false), true) == "acgNn");
}

TEST_CASE("every kind of engine honours the rules: CPU, matrix, bit-parallel, wavefront, persistent, auto") {
  levcl::Context context;
  for (const std::string variant : {"cpu-dp", "cpu-wfa", "cpu-bitpar", "antidiagonal", "bitpar", "pwg", "persistent", "auto"})
    for (const bool ignore_case : {false, true})
      for (const bool n_mismatch : {false, true}) {
        const levcl::Options rules = rules_of(ignore_case, n_mismatch, variant);
        for (const auto& [a, b] : pairs()) {
          INFO(variant << " ignore_case=" << ignore_case << " n_mismatch=" << n_mismatch << " lengths " << a.size()
                       << " x " << b.size() << ": " << a.substr(0, 20) << " / " << b.substr(0, 20));
          CHECK(context.distance(a, b, rules).distance == expected(a, b, rules));
        }
      }
}

TEST_CASE("batches, shared strings on both sides, streams and --max-distance honour the rules") {
  levcl::Context context;
  const auto all = pairs();
  std::vector<std::string> strings;
  for (const auto& [a, b] : all) {
    strings.push_back(a);
    strings.push_back(b);
  }
  const std::vector<std::string_view> views(strings.begin(), strings.end());
  std::vector<levcl::IndexPair> index_pairs;  // each string as an a and as a b
  for (std::uint32_t i = 0; i + 1 < strings.size(); ++i) index_pairs.push_back({i, i + 1});
  for (std::uint32_t i = 0; i + 1 < strings.size(); i += 2) index_pairs.push_back({i + 1, i});
  for (const std::string variant : {"", "batch-bitpar", "cpu-dp"})
    for (const bool n_mismatch : {false, true}) {
      levcl::Options rules = rules_of(true, n_mismatch, variant);
      const levcl::BatchResult r = context.distances(views, index_pairs, rules);
      REQUIRE(r.distances.size() == index_pairs.size());
      for (std::size_t i = 0; i < index_pairs.size(); ++i) {
        INFO(variant << " n_mismatch=" << n_mismatch << " pair " << i);
        CHECK(r.distances[i] == expected(strings[index_pairs[i].a], strings[index_pairs[i].b], rules));
      }
      rules.max_distance = 3;
      std::vector<std::int64_t> streamed(index_pairs.size(), -2);
      levcl::DistanceStream stream(context, rules, [&](std::uint64_t i, std::int64_t d) { streamed[i] = d; });
      for (const auto& p : index_pairs) stream.push(strings[p.a], strings[p.b]);
      stream.finish();
      for (std::size_t i = 0; i < index_pairs.size(); ++i) {
        const std::int64_t d = expected(strings[index_pairs[i].a], strings[index_pairs[i].b], rules);
        CHECK(streamed[i] == (d > 3 ? -1 : d));
      }
    }
}

TEST_CASE("alignments under the rules: their CIGARs replay over the compared bytes at the rules' distance") {
  levcl::Context context;
  for (const bool n_mismatch : {false, true}) {
    const levcl::Options rules = rules_of(true, n_mismatch);
    for (const auto& [a, b] : pairs()) {
      const levcl::Alignment r = context.align(a, b, rules);
      const std::int64_t d = expected(a, b, rules);
      CHECK(r.distance == d);
      CHECK(levcl::verify_alignment(levcl::compared_bytes(a, rules, false), levcl::compared_bytes(b, rules, true),
                                    r.cigar) == d);
    }
  }
}
