// Strings as bases on the bus (lib/src/runtime/bases.hpp): the packing of A, C, G and T
// four to a byte, and the long strings of one pair that cross as bases and are unpacked on
// the device as their letters, whose distances and alignments must stay exact. Batches of
// bases: test_batch_bitpar.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"
#include "runtime/bases.hpp"

TEST_CASE("A, C, G and T pack four bases to a byte, the last repeated to its end; any other byte is refused") {
  const auto code = [](char letter) { return std::string("ACTG").find(letter); };  // bits 1 and 2 of the letter
  std::mt19937_64 rng(61);
  for (std::size_t length = 1; length <= 70; ++length) {
    CAPTURE(length);
    const std::string text = levcl::random_string(rng, length, "ACGT");
    const std::size_t used = (length + 3) / 4;
    std::vector<std::uint8_t> out(used + 1, 0xA5);  // and a byte past the end, left alone
    REQUIRE(levcl::detail::pack_bases(text, out.data()));
    for (std::size_t j = 0; j < 4 * used; ++j) {
      CAPTURE(j);
      CHECK((out[j / 4] >> (2 * (j % 4)) & 3) == code(text[std::min(j, length - 1)]));
    }
    CHECK(out[used] == 0xA5);
    for (int other = 0; other < 256; ++other) {  // each byte value at the start, the middle and the end
      if (code(static_cast<char>(other)) != std::string::npos) continue;
      for (const std::size_t at : {std::size_t{0}, length / 2, length - 1}) {
        std::string bad = text;
        bad[at] = static_cast<char>(other);
        CHECK_FALSE(levcl::detail::pack_bases(bad, out.data()));
      }
    }
  }
}

TEST_CASE("packed over threads, a string's bases are those packed on one thread") {
  std::mt19937_64 rng(62);
  // Slices of at least a megabyte: the long ones are cut in two and three.
  for (const std::size_t length : {std::size_t{31}, std::size_t{4095}, std::size_t{65537}, (std::size_t{1} << 21) + 31,
                                   (std::size_t{3} << 20) + 5}) {
    CAPTURE(length);
    const std::string text = levcl::random_string(rng, length, "ACGT");
    std::vector<std::uint8_t> one((length + 3) / 4), many((length + 3) / 4);
    REQUIRE(levcl::detail::pack_bases(text, one.data()));
    for (const unsigned threads : {2u, 3u, 8u}) {
      CAPTURE(threads);
      REQUIRE(levcl::detail::pack_bases(text, many.data(), threads));
      CHECK(many == one);
      std::string bad = text;
      bad[length - 1 - length / 3] = 'N';  // in a slice other than the first, where there are several
      CHECK_FALSE(levcl::detail::pack_bases(bad, many.data(), threads));
    }
  }
}

TEST_CASE("long strings of A, C, G and T cross the bus as bases: distances and alignments stay exact") {
  // Lengths around the threshold and around the unpacking's sixteen bytes a work-item; b as
  // bases too, or as bytes (an N, a lower-case letter), or a itself.
  std::mt19937_64 rng(63);
  levcl::Context context;
  const std::size_t from = levcl::detail::kBasesFrom;
  for (const std::size_t length : {from - 1, from, from + 1, from + 15, from + 16, from + 17}) {
    const std::string a = levcl::random_string(rng, length, "ACGT");
    std::vector<std::string> others = {levcl::mutate(rng, a, 0.001, "ACGT"), levcl::mutate(rng, a, 0.001, "ACGT"),
                                       levcl::mutate(rng, a, 0.002, "ACGT")};
    others[1][others[1].size() / 2] = 'N';
    others[2].back() = 'a';
    for (const std::string& b : others) {
      CAPTURE(length);
      CAPTURE(b.size());
      const std::int64_t expected = context.distance(a, b, "cpu-bitpar").distance;
      for (const char* variant : {"persistent", "bitpar", "auto"}) {
        CAPTURE(variant);
        CHECK(context.distance(a, b, variant).distance == expected);
        CHECK(context.distance(b, a, variant).distance == expected);
      }
    }
    CHECK(context.distance(a, a, "persistent").distance == 0);
    CHECK(context.distance(a, a.substr(1), "bitpar").distance == 1);
  }
  const std::string a = levcl::random_string(rng, from + 5, "ACGT"), b = levcl::mutate(rng, a, 0.001, "ACGT");
  const levcl::Alignment alignment = context.align(a, b);
  CHECK(alignment.distance == context.distance(a, b, "cpu-bitpar").distance);
  CHECK(levcl::verify_alignment(a, b, alignment.cigar) == alignment.distance);
}
