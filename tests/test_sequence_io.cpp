// read_sequence, RecordReader and PairsReader: plain bytes, FASTA, gzip, standard input,
// pairs files and every bad-input error.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "levcl/io.hpp"
#include "levcl/levcl.hpp"
#include "test_files.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

using levcl::test::scratch_dir;
using levcl::test::write_file;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::uint32_t crc32(const std::string& bytes) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (unsigned char byte : bytes) c = table[(c ^ byte) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

void put_le(std::string& out, std::uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

// A valid gzip member built from stored (uncompressed) deflate blocks. The tests do not
// link zlib (the library keeps it private), and stored blocks are enough to exercise the
// gzip path; the bundled samples cover real deflate data.
std::string gzip(const std::string& data) {
  std::string out("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", 10);
  std::size_t pos = 0;
  do {
    const std::size_t length = std::min<std::size_t>(data.size() - pos, 65535);
    const bool last = pos + length == data.size();
    out.push_back(last ? 1 : 0);  // BFINAL, BTYPE=00 (stored)
    put_le(out, static_cast<std::uint32_t>(length), 2);
    put_le(out, static_cast<std::uint32_t>(~length & 0xFFFF), 2);
    out.append(data, pos, length);
    pos += length;
  } while (pos < data.size());
  put_le(out, crc32(data), 4);
  put_le(out, static_cast<std::uint32_t>(data.size()), 4);
  return out;
}

// The message of the bad_input Error that reading must throw.
std::string bad_input(const std::string& path, const std::string& record = "") {
  try {
    levcl::read_sequence(path, record);
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::bad_input);
    return e.what();
  }
  FAIL("read_sequence(\"" << path << "\", \"" << record << "\") did not throw");
  return {};
}

bool contains(const std::string& text, const std::string& fragment) {
  return text.find(fragment) != std::string::npos;
}

std::string all_byte_values(std::size_t repeats) {
  std::string s;
  for (std::size_t r = 0; r < repeats; ++r)
    for (int v = 0; v < 256; ++v) s.push_back(static_cast<char>(v));
  return s;
}

const char* const multi_fasta =
    ">first some description\n"
    "ACGT\n"
    "TTGA\n"
    ">second\n"
    "GGGG\n"
    ">third\tx\n"
    "C\n";

}  // namespace

TEST_CASE("a plain file is read byte for byte, all 256 values") {
  const std::string bytes = all_byte_values(3);
  CHECK(levcl::read_sequence(write_file("bytes.bin", bytes)) == bytes);

  // Leading blanks, '\r' and NUL bytes survive when the file is not FASTA.
  const std::string text("  \r\n\thello\r\n\0world\n", 19);
  CHECK(levcl::read_sequence(write_file("text.txt", text)) == text);
  CHECK(levcl::read_sequence(write_file("blank.txt", " \n")) == " \n");
}

TEST_CASE("a large plain file is read whole") {
  std::mt19937_64 rng(7);
  const std::string bytes = levcl::test::random_string(rng, (3u << 20) + 12345, 256);
  CHECK(levcl::read_sequence(write_file("large.bin", bytes)) == bytes);
  CHECK(levcl::read_sequence(write_file("large.bin.gz", gzip(bytes))) == bytes);
}

TEST_CASE("a single-record FASTA file") {
  const std::string path = write_file("one.fa", ">seq1 a description\nACGTN\nacgt\nTT\n");
  CHECK(levcl::read_sequence(path) == "ACGTNacgtTT");
  CHECK(levcl::read_sequence(path, "0") == "ACGTNacgtTT");
  CHECK(levcl::read_sequence(path, "seq1") == "ACGTNacgtTT");
  // No final line break; blank lines before the header.
  CHECK(levcl::read_sequence(write_file("nolf.fa", "\n\n  >x\nAC\nGT")) == "ACGT");
}

TEST_CASE("a multi-record FASTA file, by index and by name") {
  const std::string path = write_file("multi.fa", multi_fasta);
  CHECK(levcl::read_sequence(path) == "ACGTTTGA");
  CHECK(levcl::read_sequence(path, "0") == "ACGTTTGA");
  CHECK(levcl::read_sequence(path, "1") == "GGGG");
  CHECK(levcl::read_sequence(path, "2") == "C");
  CHECK(levcl::read_sequence(path, "first") == "ACGTTTGA");
  CHECK(levcl::read_sequence(path, "second") == "GGGG");
  CHECK(levcl::read_sequence(path, "third") == "C");
}

TEST_CASE("FASTA line breaks, CRLF and blanks are dropped") {
  const std::string path =
      write_file("crlf.fa", "\r\n>a desc\r\n  ACGT  \r\n\r\nG G\t\r\n\r\n>b\r\nT\r\n\r\n");
  CHECK(levcl::read_sequence(path) == "ACGTGG");
  CHECK(levcl::read_sequence(path, "a") == "ACGTGG");
  CHECK(levcl::read_sequence(path, "b") == "T");
  // Long lines are tested for blanks eight bytes at a time: a blank at every place of a
  // word, and bytes that are no blank on either side of 0x21 (control bytes, high bytes).
  for (const char blank : {' ', '\t', '\v', '\f'})
    for (std::size_t at = 0; at < 20; ++at) {
      std::string line(20, 'A');
      line[at] = blank;
      std::string expected(19, 'A');
      CHECK(levcl::read_sequence(write_file("blank.fa", ">a\n" + line + "\n" + line + "\r\n")) == expected + expected);
    }
  const std::string odd_bytes = std::string("\x01\x1f!\x80\xff", 5) + std::string(16, 'C');
  CHECK(levcl::read_sequence(write_file("bytes.fa", ">a\n" + odd_bytes + "\n")) == odd_bytes);
}

TEST_CASE("gzipped FASTA and gzipped plain files") {
  std::mt19937_64 rng(11);
  const std::string sequence = levcl::test::random_string(rng, 200000, 4);
  std::string dna;
  for (char c : sequence) dna.push_back("ACGT"[static_cast<int>(c)]);
  std::string fasta = ">chr1 random\n";
  for (std::size_t i = 0; i < dna.size(); i += 60) fasta += dna.substr(i, 60) + "\n";
  fasta += ">chr2\nGATTACA\n";
  const std::string path = write_file("seq.fa.gz", gzip(fasta));
  CHECK(levcl::read_sequence(path) == dna);
  CHECK(levcl::read_sequence(path, "chr2") == "GATTACA");
  CHECK(levcl::read_sequence(path, "1") == "GATTACA");

  const std::string bytes = all_byte_values(500);
  CHECK(levcl::read_sequence(write_file("bytes.bin.gz", gzip(bytes))) == bytes);
  // Concatenated gzip members read as one stream, as gzip -d does.
  CHECK(levcl::read_sequence(write_file("two.gz", gzip("abc") + gzip("def"))) == "abcdef");
}

TEST_CASE("the bundled samples") {
  const std::string a = levcl::read_sequence(LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AF133821.1.fa.gz");
  const std::string b = levcl::read_sequence(LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AY352275.1.fa.gz");
  CHECK(a.size() == 10035);
  CHECK(b.size() == 10280);
  for (const std::string* s : {&a, &b})
    CHECK(s->find_first_of(" \t\r\n>") == std::string::npos);
  CHECK(levcl::read_sequence(LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AF133821.1.fa.gz", "gi|5805260|gb|AF133821.1|") == a);
}

TEST_CASE("standard input") {
  const std::string path = write_file("stdin.fa", multi_fasta);
  const int saved = ::dup(STDIN_FILENO);
  REQUIRE(saved >= 0);
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  REQUIRE(::dup2(fd, STDIN_FILENO) == STDIN_FILENO);
  ::close(fd);
  std::string sequence;
  CHECK_NOTHROW(sequence = levcl::read_sequence("-", "second"));
  CHECK(sequence == "GGGG");
  // Reading must leave descriptor 0 open.
  CHECK(::fcntl(STDIN_FILENO, F_GETFD) != -1);
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
}

TEST_CASE("an empty file, and a FASTA record with no sequence lines, are the empty string") {
  CHECK(levcl::read_sequence(write_file("empty", "")).empty());
  CHECK(levcl::read_sequence(write_file("empty.gz", gzip(""))).empty());
  const std::string path = write_file("empty-record.fa", ">a\n\n>b\nAC\n>c\n");
  CHECK(levcl::read_sequence(path).empty());
  CHECK(levcl::read_sequence(path, "a").empty());
  CHECK(levcl::read_sequence(path, "b") == "AC");
  CHECK(levcl::read_sequence(path, "c").empty());
  CHECK(levcl::read_sequence(path, "2").empty());
  CHECK(levcl::read_sequence(write_file("header-only.fa", ">a desc")).empty());
  CHECK(levcl::read_sequence(write_file("header-only.fa.gz", gzip(">a desc\n"))).empty());
}

TEST_CASE("bad input throws bad_input with the file name and the reason") {
  const std::string dir = scratch_dir().string();

  SUBCASE("missing file") {
    const std::string path = dir + "/does-not-exist.fa";
    const std::string message = bad_input(path);
    CHECK(contains(message, path));
    CHECK(contains(message, "No such file"));
  }
  SUBCASE("a directory") { CHECK(contains(bad_input(dir), "directory")); }
  SUBCASE("a record asked of an empty file") {
    CHECK(contains(bad_input(write_file("empty", ""), "1"), "not FASTA"));
  }
  SUBCASE("FASTA header without a name") {
    CHECK(contains(bad_input(write_file("bare.fa", " >")), "no name"));
    CHECK(contains(bad_input(write_file("noname.fa", ">\nACGT\n")), "no name"));
    CHECK(contains(bad_input(write_file("blankname.fa", ">  \t\nACGT\n")), "no name"));
    CHECK(contains(bad_input(write_file("later-noname.fa", ">a\nAC\n>\nGT\n"), "1"), "no name"));
  }
  SUBCASE("record index out of range") {
    const std::string message = bad_input(write_file("multi.fa", multi_fasta), "3");
    CHECK(contains(message, "no record 3"));
    CHECK(contains(message, "3 records"));
    CHECK(contains(bad_input(write_file("multi.fa", multi_fasta), "99999999999999999999999"), "too large"));
  }
  SUBCASE("unknown record name") {
    const std::string message = bad_input(write_file("multi.fa", multi_fasta), "fourth");
    CHECK(contains(message, "'fourth'"));
    CHECK(contains(message, "3 records"));
  }
  SUBCASE("a record asked of a file that is not FASTA") {
    CHECK(contains(bad_input(write_file("plain.txt", "ACGT\n"), "0"), "not FASTA"));
  }
  SUBCASE("truncated gzip") {
    const std::string sample = read_file(LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AF133821.1.fa.gz");
    const std::string path = write_file("truncated.fa.gz", sample.substr(0, sample.size() / 2));
    CHECK(contains(bad_input(path), "gzip"));
    const std::string plain = gzip(all_byte_values(10));
    CHECK(contains(bad_input(write_file("truncated.bin.gz", plain.substr(0, plain.size() - 6))), "gzip"));
  }
  SUBCASE("gzip with a wrong checksum") {
    std::string data = gzip(">a\nACGT\n");
    data[data.size() - 8] ^= 0x55;
    CHECK(contains(bad_input(write_file("badcrc.fa.gz", data)), "gzip"));
  }
}

namespace {

std::vector<levcl::Record> read_all(levcl::RecordReader& reader) {
  std::vector<levcl::Record> records;
  for (levcl::Record record; reader.next(record);) records.push_back(record);
  return records;
}

// The message of the bad_input Error that f must throw.
template <typename F>
std::string bad_input_of(F&& f) {
  try {
    f();
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::bad_input);
    return e.what();
  }
  FAIL("no bad_input was thrown");
  return {};
}

// A pair as name_a, a, name_b, b, comparable as a whole.
using Fields = std::array<std::string, 4>;

Fields fields(const levcl::NamedPair& p) { return {p.name_a, p.a, p.name_b, p.b}; }

std::vector<Fields> read_pairs(const std::string& path) {
  levcl::PairsReader reader(path);
  std::vector<Fields> pairs;
  for (levcl::NamedPair pair; reader.next(pair);) pairs.push_back(fields(pair));
  return pairs;
}

}  // namespace

TEST_CASE("RecordReader: every record in order, plain, gzipped and on standard input") {
  const std::string text = "\n>first some description\nAC GT\r\nTTGA\n>second\n\n>third\tx\nC\n";
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"first", "ACGTTTGA"}, {"second", ""}, {"third", "C"}};
  for (const std::string path : {write_file("records.fa", text), write_file("records.fa.gz", gzip(text))}) {
    CAPTURE(path);
    levcl::RecordReader reader(path);
    const auto records = read_all(reader);
    REQUIRE(records.size() == expected.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
      CHECK(records[i].name == expected[i].first);
      CHECK(records[i].sequence == expected[i].second);
    }
    levcl::Record record;
    CHECK_FALSE(reader.next(record));  // the end stays the end
    const auto whole = levcl::read_records(path);
    REQUIRE(whole.size() == records.size());
    for (std::size_t i = 0; i < whole.size(); ++i) CHECK(whole[i].sequence == records[i].sequence);
  }

  const int saved = ::dup(STDIN_FILENO);
  REQUIRE(saved >= 0);
  const int fd = ::open(write_file("records-stdin.fa", text).c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  REQUIRE(::dup2(fd, STDIN_FILENO) == STDIN_FILENO);
  ::close(fd);
  std::vector<levcl::Record> records;
  CHECK_NOTHROW(records = levcl::read_records("-"));
  CHECK(records.size() == 3);
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
}

TEST_CASE("RecordReader: an empty file has no records; anything else that is not FASTA is bad input") {
  CHECK(levcl::read_records(write_file("empty", "")).empty());
  CHECK(levcl::read_records(write_file("blanks", " \n\n")).empty());
  CHECK(levcl::read_records(write_file("empty.gz", gzip(""))).empty());
  CHECK(contains(bad_input_of([] { levcl::read_records(write_file("plain.txt", "ACGT\n>x\nAC\n")); }), "not FASTA"));
  CHECK(contains(bad_input_of([] { levcl::read_records(write_file("bare.fa", " >")); }), "no name"));
  CHECK(contains(bad_input_of([] { levcl::read_records(write_file("later-noname.fa", ">a\nAC\n>\nGT\n")); }),
                 "header of record 1 has no name"));
  const std::string missing = (scratch_dir() / "does-not-exist.fa").string();
  CHECK(contains(bad_input_of([&] { levcl::RecordReader reader(missing); }), missing));
  std::string gz = gzip(">a\nACGT\n>b\nGG\n");
  gz[gz.size() - 8] ^= 0x55;  // a wrong checksum
  CHECK(contains(bad_input_of([&] { levcl::read_records(write_file("badcrc-records.fa.gz", gz)); }), "gzip"));
}

TEST_CASE("PairsReader: two sequences a line, named by line number") {
  const std::string text = "# pairs\nACGT\tAGT\n\n\tGG\r\nTT\t\n\t\n";
  const std::vector<Fields> expected = {
      {"L2.a", "ACGT", "L2.b", "AGT"}, {"L4.a", "", "L4.b", "GG"}, {"L5.a", "TT", "L5.b", ""}, {"L6.a", "", "L6.b", ""},
  };
  for (const std::string path : {write_file("pairs.tsv", text), write_file("pairs.tsv.gz", gzip(text))}) {
    CAPTURE(path);
    CHECK(read_pairs(path) == expected);
    levcl::PairsReader reader(path);
    levcl::NamedPair pair;
    REQUIRE(reader.next(pair));
    CHECK(reader.line() == 2);
    REQUIRE(reader.next(pair));
    CHECK(reader.line() == 4);
  }
}

TEST_CASE("PairsReader: FASTA paths and records, each file read once") {
  const std::string a = write_file("pairs-a.fa", multi_fasta);
  const std::string b = write_file("pairs-b.fa.gz", gzip(">x\nAAAA\n>y desc\nCC\n"));
  const std::string text = a + "\t\t" + b + "\t\n" + a + "\t2\t" + b + "\ty\n" + b + "\t1\t" + a + "\tsecond\n" +
                           "AC\tCA\n" + a + "\tthird\t" + a + "\t0\n";
  const std::string path = write_file("pairs-records.tsv", text);
  const std::vector<Fields> expected = {{"first", "ACGTTTGA", "x", "AAAA"},
                                                  {"third", "C", "y", "CC"},
                                                  {"y", "CC", "second", "GGGG"},
                                                  {"L4.a", "AC", "L4.b", "CA"},
                                                  {"third", "C", "first", "ACGTTTGA"}};
  CHECK(read_pairs(path) == expected);

  // Once a line has named a file, later lines take its records from memory: removing the
  // file changes nothing.
  levcl::PairsReader reader(path);
  levcl::NamedPair pair;
  REQUIRE(reader.next(pair));
  fs::remove(a);
  fs::remove(b);
  std::vector<Fields> rest;
  while (reader.next(pair)) rest.push_back(fields(pair));
  CHECK(rest == std::vector<Fields>(expected.begin() + 1, expected.end()));
}

TEST_CASE("PairsReader: a malformed line is bad input naming the file and the line") {
  const std::string a = write_file("pairs-c.fa", multi_fasta);
  const std::string missing = (scratch_dir() / "no-such.fa").string();
  const std::pair<std::string, std::string> cases[] = {
      {"ACGT\n", "found 1"},
      {"A\tC\tG\n", "found 3"},
      {"A\tC\tG\tT\tA\n", "found 5"},
      {a + "\t3\t" + a + "\t0\n", "no record 3 (the file has 3 records)"},
      {a + "\t0\t" + a + "\tfourth\n", "no record named 'fourth'"},
      {a + "\t0\t" + missing + "\t0\n", missing + ": cannot open"},
      {a + "\t0\t" + write_file("pairs-plain.txt", "ACGT") + "\t0\n", "not FASTA"},
  };
  for (const auto& [line, message] : cases) {
    CAPTURE(line);
    const std::string path = write_file("pairs-bad.tsv", "# header\nAC\tGT\n\n" + line + "AC\tGT\n");
    levcl::PairsReader reader(path);
    levcl::NamedPair pair;
    REQUIRE(reader.next(pair));
    const std::string error = bad_input_of([&] { reader.next(pair); });
    CHECK(error.rfind(path + ":4: ", 0) == 0);
    CHECK(contains(error, message));
  }
  CHECK(contains(bad_input_of([&] { levcl::PairsReader reader(missing); }), missing));
}

TEST_CASE("read_record: a record with its name, by the rule of read_sequence") {
  const std::string path = write_file("named.fa", ">first one\nAC\n>second\nGT\n>third\n\n");
  CHECK(levcl::read_record(path).name == "first");
  CHECK(levcl::read_record(path).sequence == "AC");
  CHECK(levcl::read_record(path, "1").name == "second");
  CHECK(levcl::read_record(path, "third").sequence.empty());
  CHECK(levcl::read_record(write_file("named.fa.gz", gzip(">x\nTTT\n")), "x").sequence == "TTT");
  CHECK_THROWS_WITH_AS(levcl::read_record(path, "3"), doctest::Contains("no record 3"), levcl::Error);
  CHECK_THROWS_WITH_AS(levcl::read_record(write_file("plain.txt", "ACGT")), doctest::Contains("not FASTA"), levcl::Error);
}

TEST_CASE("PairSource: every pair of records once, in order, with its total; one record against every record") {
  const std::string path = write_file("four.fa", ">a\nA\n>b\nCC\n>c\nGGG\n>d\n\n");
  const auto all = levcl::PairSource::all_against_all(path);
  CHECK(all->total() == 6);
  std::vector<std::string> seen;
  for (levcl::NamedPairView p; all->next(p);)
    seen.push_back(std::string(p.name_a) + std::string(p.a) + "-" + std::string(p.name_b) + std::string(p.b));
  CHECK(seen == std::vector<std::string>{"aA-bCC", "aA-cGGG", "aA-d", "bCC-cGGG", "bCC-d", "cGGG-d"});
  CHECK(levcl::PairSource::all_against_all(write_file("one-record.fa", ">a\nA\n"))->total() == 0);

  const auto query = levcl::PairSource::query_against_targets(path, "c", path);
  CHECK(query->total() == 0);  // targets are read as they come
  std::vector<std::string> targets;
  for (levcl::NamedPairView p; query->next(p);) {
    CHECK(p.name_a == "c");
    CHECK(p.a == "GGG");
    targets.push_back(std::string(p.name_b));
  }
  CHECK(targets == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK_THROWS_AS(levcl::PairSource::query_against_targets("-", "", "-"), levcl::Error);
}

TEST_CASE("PairSource references: the sequences of the pairs' a sides, each once, in order, with their lengths") {
  const std::string path = write_file("refs.fa", ">a\nA\n>b\nCC\n>c\nGGG\n>d\n\n");
  const auto names = [](const std::vector<levcl::SequenceName>& refs) {
    std::string out;
    for (const auto& r : refs) out += r.name + ":" + std::to_string(r.length) + " ";
    return out;
  };
  CHECK(names(levcl::PairSource::all_against_all(path)->references()) == "a:1 b:2 c:3 ");
  CHECK(names(levcl::PairSource::query_against_targets(path, "c", path)->references()) == "c:3 ");

  // The query as b: each pair is (target, query), and the targets are the references.
  const auto as_read = levcl::PairSource::query_against_targets(path, "c", path, levcl::PairSource::QueryRole::b);
  CHECK(names(as_read->references()) == "a:1 b:2 c:3 d:0 ");
  levcl::NamedPairView p;
  REQUIRE(as_read->next(p));
  CHECK((p.name_a == "a" && p.a == "A" && p.name_b == "c" && p.b == "GGG"));

  const std::string pairs = write_file("refs.tsv", path + "\tb\t" + path + "\ta\nAC\tAG\n" + path + "\tb\t" + path + "\tc\n");
  CHECK(names(levcl::PairSource::pairs_file(pairs)->references()) == "b:2 L2.a:2 ");
  CHECK_THROWS_AS(levcl::PairSource::pairs_file("-")->references(), levcl::Error);
}

TEST_CASE("one rule for FASTA: header lines start with '>', every other line is sequence, LF, CRLF and CR end lines") {
  // CR-only line ends (old Mac files): not one long header.
  CHECK(levcl::read_sequence(write_file("cr.fa", ">a\rACGT\rGG\r>b\rTT\r"), "a") == "ACGTGG");
  CHECK(levcl::read_sequence(write_file("cr.fa", ">a\rACGT\rGG\r>b\rTT\r"), "b") == "TT");
  // Sequence lines starting with '+' or '@' are sequence, not FASTQ's.
  const std::string odd = write_file("odd.fa", ">a\nAC\n+GT\n@TT\n>b\n@\n");
  CHECK(levcl::read_sequence(odd, "a") == "AC+GT@TT");
  CHECK(levcl::read_sequence(odd, "b") == "@");
  // The name is the header's first word, after blanks.
  CHECK(levcl::read_named_sequence(write_file("spaced.fa", ">  a desc\nAC\n")).name == "a");
  // "name:" picks a record named by digits.
  const std::string digits = write_file("digits.fa", ">7\nAA\n>1\nCC\n");
  CHECK(levcl::read_sequence(digits, "1") == "CC");       // the record of index 1
  CHECK(levcl::read_sequence(digits, "name:1") == "CC");  // the record named 1
  CHECK(levcl::read_sequence(digits, "name:7") == "AA");
}

TEST_CASE("FASTQ is read as its sequences in every reader; a file that only starts with '@' is bytes") {
  const std::string fastq = "@r1 first\nACGT\n+\n!!!!\n@r2\nGG\nTT\n+r2\n@@\n+@\n\n@r3\n\n+\n\n";
  const std::string path = write_file("reads.fq", fastq);
  CHECK(levcl::read_sequence(path) == "ACGT");
  CHECK(levcl::read_sequence(path, "r2") == "GGTT");  // two sequence lines; quality lines may start with '@' or '+'
  CHECK(levcl::read_sequence(path, "2").empty());     // a record of no bases
  CHECK(levcl::read_sequence(write_file("reads.fq.gz", gzip(fastq)), "1") == "GGTT");
  CHECK(levcl::read_records(path).size() == 3);
  CHECK(levcl::read_record(path, "r2").sequence == "GGTT");
  // Not a FASTQ record: the file's bytes.
  CHECK(levcl::read_sequence(write_file("at.txt", "@user hello\nthere\n")) == "@user hello\nthere\n");
  CHECK(levcl::read_sequence(write_file("at.txt", "@r\nACGT\n+\n!!\n")) == "@r\nACGT\n+\n!!\n");
  // A malformed record after a good one is bad input naming the record.
  const std::string bad = write_file("bad.fq", "@r1\nAC\n+\n!!\n@r2\nACGT\n+\n!!\n");
  CHECK(contains(bad_input(bad, "r2"), "malformed FASTQ in record 1"));
  CHECK(contains(bad_input_of([&] { levcl::read_records(bad); }), "fewer quality bytes"));
}

TEST_CASE("gzip: every member of a multi-member file; bytes after the last member are an error") {
  const std::string members = gzip(">a\nAC\n") + gzip("GT\n>b\nTT\n");  // as bgzip writes blocks
  CHECK(levcl::read_sequence(write_file("members.fa.gz", members), "a") == "ACGT");
  CHECK(levcl::read_sequence(write_file("members.fa.gz", members), "b") == "TT");
  for (const std::string& garbage : {std::string("x"), std::string("\0\0\0\0", 4), std::string("trailing text\n")})
    CHECK(contains(bad_input(write_file("garbage.fa.gz", gzip(">a\nAC\n") + garbage)), "trailing garbage"));
}

TEST_CASE("a truncated gzipped pairs file is an error naming the file and its line, never a row") {
  std::string text;
  for (int line = 1; line <= 50; ++line) text += std::string(200, 'A') + "\t" + std::string(200, 'C') + "\n";
  const std::string whole = gzip(text);
  // Cut mid-line (stored blocks: the cut falls inside the text), and cut in the trailer.
  for (const std::size_t cut : {whole.size() * 3 / 4, whole.size() - 3}) {
    CAPTURE(cut);
    const std::string path = write_file("cut.tsv.gz", whole.substr(0, cut));
    levcl::PairsReader reader(path);
    levcl::NamedPair pair;
    std::uint64_t good = 0;
    const std::string message = bad_input_of([&] {
      while (reader.next(pair)) {
        CHECK(pair.a.size() == 200);
        CHECK(pair.b.size() == 200);
        ++good;
      }
    });
    CHECK(contains(message, path + ":" + std::to_string(good + 1) + ": truncated gzip data"));
  }
}

TEST_CASE("input over the 32-bit length is refused while it is read") {
  // /dev/zero never ends: the reader stops as soon as it passes the limit.
  try {
    levcl::read_sequence("/dev/zero");
    FAIL("read /dev/zero whole");
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::input_too_long);
    CHECK(contains(e.what(), "/dev/zero"));
  }
}
