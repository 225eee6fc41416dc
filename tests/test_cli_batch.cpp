// The batch modes of the levcl command (--pairs, --query/--targets, --all-vs-all), run as a
// separate process: every distance printed is checked against cpu-dp computed here.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"
#include "cli_support.hpp"
#include "test_files.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

using levcl::test::check_failure;
using levcl::test::levcl_cli;
using levcl::test::Output;
using levcl::test::quote;
using levcl::test::run_shell;
using levcl::test::scratch_dir;
using levcl::test::write_file;

// A gzipped copy of path, next to it.
std::string gzipped(const std::string& path) {
  REQUIRE(std::system(("gzip -c " + quote(path) + " > " + quote(path + ".gz")).c_str()) == 0);
  return path + ".gz";
}

// cpu-dp's distance, or -1 when it is larger than k >= 0.
std::int64_t reference(const std::string& a, const std::string& b, std::int64_t k = -1) {
  static levcl::Context context;
  const std::int64_t d = context.distance(a, b, "cpu-dp").distance;
  return k >= 0 && d > k ? -1 : d;
}

// A pair the command must print, with the names it must give it.
struct Expected {
  std::string name_a, a, name_b, b;
};

struct Record {
  std::string name, sequence;
};

// count records over ACGT, named "s<seed>_<i>": mutated copies of one random string, a
// random one and an empty one, of up to a few hundred bases.
std::vector<Record> records(unsigned seed, std::size_t count) {
  std::mt19937_64 rng(seed);
  const std::string base = levcl::random_string(rng, 150 + rng() % 150, "ACGT");
  std::vector<Record> out;
  for (std::size_t i = 0; i < count; ++i) {
    const double rate = 0.02 + 0.1 * static_cast<double>(i % 3);
    const std::string sequence = i % 5 == 3   ? levcl::random_string(rng, rng() % 200, "ACGT")
                                 : i % 5 == 4 ? std::string()
                                              : levcl::mutate(rng, base, rate, "ACGT");
    out.push_back({"s" + std::to_string(seed) + "_" + std::to_string(i), sequence});
  }
  return out;
}

// FASTA with descriptions after the names and sequence lines of 60 bases.
std::string fasta(const std::vector<Record>& records) {
  std::string text;
  for (const Record& r : records) {
    text += ">" + r.name + " a description\n";
    for (std::size_t i = 0; i < r.sequence.size(); i += 60) text += r.sequence.substr(i, 60) + "\n";
  }
  return text;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

// Checks the table on stdout: the header, then one line per expected pair, in order, with
// its names, lengths and cpu-dp's distance (-1 above k).
void check_table(const std::string& out, const std::vector<Expected>& pairs, std::int64_t k = -1) {
  INFO("stdout:\n" << out);
  REQUIRE(!out.empty());
  CHECK(out.back() == '\n');
  const std::vector<std::string> lines = split(out, '\n');
  REQUIRE(lines.size() == pairs.size() + 1);
  CHECK(lines[0] == "name_a\tname_b\tlen_a\tlen_b\tdistance");
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Expected& p = pairs[i];
    const std::string row = p.name_a + "\t" + p.name_b + "\t" + std::to_string(p.a.size()) + "\t" +
                            std::to_string(p.b.size()) + "\t" + std::to_string(reference(p.a, p.b, k));
    CHECK(lines[i + 1] == row);
  }
}

// Every unordered pair once, (0,1), (0,2), ..., (1,2), ...
std::vector<Expected> all_pairs(const std::vector<Record>& records) {
  std::vector<Expected> pairs;
  for (std::size_t i = 0; i < records.size(); ++i)
    for (std::size_t j = i + 1; j < records.size(); ++j)
      pairs.push_back({records[i].name, records[i].sequence, records[j].name, records[j].sequence});
  return pairs;
}

// Two FASTA files for the tests that name records: A plain, B gzipped.
const std::vector<Record>& records_a() {
  static const std::vector<Record> r = records(1, 6);
  return r;
}
const std::vector<Record>& records_b() {
  static const std::vector<Record> r = records(2, 7);
  return r;
}
const std::string& fasta_a() {
  static const std::string path = write_file("a.fa", fasta(records_a()));
  return path;
}
const std::string& fasta_b_gz() {
  static const std::string path = gzipped(write_file("b.fa", fasta(records_b())));
  return path;
}

Expected named(const Record& a, const Record& b) { return {a.name, a.sequence, b.name, b.sequence}; }

}  // namespace

TEST_CASE("--pairs with two sequences a line: named by line number; comments, blank lines and empty sequences") {
  std::mt19937_64 rng(5);
  const std::string a = levcl::random_string(rng, 300, "ACGT");
  const std::string b = levcl::mutate(rng, a, 0.1, "ACGT");
  const std::string c = levcl::random_string(rng, 250, "ACGT");
  const std::string text = "# two sequences a line\n" + a + "\t" + b + "\n\n" + a + "\t" + c + "\r\n" +
                           "\tACGT\n" + "GATTACA\t\n" + "\t\n" + "# the last one\n" + c + "\t" + c + "\n";
  const std::vector<Expected> pairs = {
      {"L2.a", a, "L2.b", b}, {"L4.a", a, "L4.b", c},      {"L5.a", "", "L5.b", "ACGT"},
      {"L6.a", "GATTACA", "L6.b", ""}, {"L7.a", "", "L7.b", ""}, {"L9.a", c, "L9.b", c},
  };
  const std::string path = write_file("sequences.tsv", text);
  Output r = levcl_cli("--pairs " + quote(path));
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  check_table(r.out, pairs);

  r = levcl_cli("--pairs " + quote(gzipped(path)));  // a gzipped pairs file
  CHECK(r.status == 0);
  check_table(r.out, pairs);
  r = levcl_cli("--pairs - <" + quote(path));  // standard input
  CHECK(r.status == 0);
  check_table(r.out, pairs);
}

TEST_CASE("--pairs with FASTA paths and records: by index, by name, the first; plain and gzipped") {
  const auto& ra = records_a();
  const auto& rb = records_b();
  const std::string a = fasta_a(), b = fasta_b_gz();
  const std::string text = a + "\t\t" + b + "\t\n" +                          // the first of each
                           a + "\t2\t" + b + "\t" + rb[5].name + "\n" +        // an index and a name
                           b + "\t" + rb[4].name + "\t" + a + "\t3\n" +       // B's empty record
                           a + "\t" + ra[1].name + "\t" + a + "\t0\n" +       // one file on both sides
                           "ACGTT\tAGTT\n" +                                  // two sequences among them
                           b + "\t6\t" + b + "\t1\n";
  const std::vector<Expected> pairs = {
      named(ra[0], rb[0]), named(ra[2], rb[5]), named(rb[4], ra[3]), named(ra[1], ra[0]),
      {"L5.a", "ACGTT", "L5.b", "AGTT"}, named(rb[6], rb[1]),
  };
  const Output r = levcl_cli("--pairs " + quote(write_file("records.tsv", text)));
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  check_table(r.out, pairs);
}

TEST_CASE("--query against every record of --targets") {
  const auto& ra = records_a();
  const auto& rb = records_b();
  std::vector<Expected> first, third;
  for (const Record& target : rb) {
    first.push_back(named(ra[0], target));
    third.push_back(named(ra[2], target));
  }
  Output r = levcl_cli("--query " + quote(fasta_a()) + " --targets " + quote(fasta_b_gz()));
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  check_table(r.out, first);
  const std::vector<std::string> choices = {"--record-a 2", "--record-a " + ra[2].name, "--record 2"};
  for (const std::string& record : choices) {
    r = levcl_cli(record + " --query " + quote(gzipped(fasta_a())) + " --targets " + quote(fasta_b_gz()));
    CHECK(r.status == 0);
    check_table(r.out, third);
  }
  r = levcl_cli("--query " + quote(fasta_a()) + " --targets - <" + quote(fasta_b_gz()));  // targets on stdin
  CHECK(r.status == 0);
  check_table(r.out, first);
  check_failure("--record-a 6 --query " + quote(fasta_a()) + " --targets " + quote(fasta_b_gz()), 2);
  check_failure("--record-a nope --query " + quote(fasta_a()) + " --targets " + quote(fasta_b_gz()), 2);
}

namespace {

// The first two of POCL's devices that `levcl --list-devices` lists ("P:D,P:D"), or "".
std::string pocl_devices(const std::string& environment) {
  std::istringstream lines(levcl_cli("--list-devices", environment).out);
  std::string ids;
  int found = 0;
  for (std::string line; found < 2 && std::getline(lines, line);) {
    if (line.find("Portable Computing Language") == std::string::npos) continue;
    std::istringstream fields(line.substr(line.find_first_of("0123456789")));
    std::string id;
    fields >> id;
    ids += (found++ ? "," : "") + id;
  }
  return found == 2 ? ids : "";
}

}  // namespace

TEST_CASE("--all-vs-all: every unordered pair once, in order") {
  const auto& rb = records_b();
  Output r = levcl_cli("--all-vs-all " + quote(fasta_b_gz()));
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  const auto pairs = all_pairs(rb);
  CHECK(pairs.size() == rb.size() * (rb.size() - 1) / 2);
  check_table(r.out, pairs);

  // Over two devices (POCL's two, as test_devices, on their platform: after a GPU's on a GPU
  // host): the same output, byte for byte, and with --align the same SAM.
  const std::string two = "POCL_DEVICES='pthread pthread'";
  const std::string pocl_pair = pocl_devices(two);
  REQUIRE(!pocl_pair.empty());
  for (const std::string mode : {"", "--align --format sam "}) {
    const std::string first = pocl_pair.substr(0, pocl_pair.find(','));
    const Output one = levcl_cli("--device " + first + " " + mode + "--all-vs-all " + quote(fasta_b_gz()), two);
    const Output both = levcl_cli("--device " + pocl_pair + " " + mode + "--all-vs-all " + quote(fasta_b_gz()), two);
    INFO(mode << "stderr: " << both.err);
    CHECK(both.status == 0);
    CHECK(one.status == 0);
    CHECK(both.out == one.out);
    // Every GPU, else every CPU device: what the default device prints.
    CHECK(levcl_cli("--device all " + mode + "--all-vs-all " + quote(fasta_b_gz()), two).out ==
          levcl_cli(mode + "--all-vs-all " + quote(fasta_b_gz()), two).out);
  }
  check_failure("--device 0:0,0:0 --all-vs-all " + quote(fasta_b_gz()), 2);

  // One record: no pairs, the header alone.
  r = levcl_cli("--all-vs-all " + quote(write_file("one.fa", ">only\nACGT\n")));
  CHECK(r.status == 0);
  CHECK(r.out == "name_a\tname_b\tlen_a\tlen_b\tdistance\n");
}

namespace {

// The progress line appears on a terminal only: `script` gives the command one.
Output on_terminal(const std::string& args) {
  return run_shell("script -qfec " + quote(quote(LEVCL_PATH(LEVCL_CLI)) + " " + args) + " /dev/null");
}

// The numbers that follow `word` in the progress lines of a terminal's output.
std::vector<double> progress_numbers(const std::string& out, const std::string& word) {
  std::vector<double> found;
  for (std::size_t at = out.find("levcl: "); at != std::string::npos; at = out.find("levcl: ", at + 1)) {
    const std::string line = out.substr(at, out.find_first_of("\r\n", at) - at);
    const std::size_t w = line.find(word);
    if (w != std::string::npos) found.push_back(std::stod(line.substr(w + word.size())));
  }
  return found;
}

}  // namespace

TEST_CASE("on a terminal, a batch that lasts shows pairs done and a rate from inside its chunks, then every result") {
  // Records of 10 kbp, all against all, one 64 MiB chunk by bytes: as many as last over 4 s
  // on the terminal (the line shows after 2 s; 780 pairs took 1.3 s on a 2-core EPYC), timed
  // there, as the long pair's case below says why.
  std::mt19937_64 rng(41);
  std::string fasta, path;
  std::size_t pairs = 0;
  Output r;
  for (int records = 40;; records *= 2) {
    for (int i = static_cast<int>(pairs == 0 ? 0 : records / 2); i < records; ++i)
      fasta += ">r" + std::to_string(i) + "\n" + levcl::test::random_string(rng, 10000, 4) + "\n";
    pairs = static_cast<std::size_t>(records) * (records - 1) / 2;
    path = quote(write_file("progress.fa", fasta));
    const auto start = std::chrono::steady_clock::now();
    r = on_terminal("--variant bitpar-vector --all-vs-all " + path);
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(4) || records >= 320) break;
  }
  INFO(r.out.substr(0, 2000));
  CHECK(r.status == 0);
  CHECK(r.out.find(" of " + std::to_string(pairs) + " pairs, ") != std::string::npos);
  CHECK(r.out.find(" pairs/s") != std::string::npos);
  const std::vector<double> done = progress_numbers(r.out, "levcl: ");
  CHECK(std::count_if(done.begin(), done.end(), [&](double d) { return d > 0 && d < static_cast<double>(pairs); }) >= 2);
  CHECK(std::count(r.out.begin(), r.out.end(), '\t') == static_cast<std::ptrdiff_t>((pairs + 1) * 4));  // the header and every result
}

TEST_CASE("on a terminal, one long pair shows the fraction done and the time left; off a terminal, nothing") {
  // A pair that lasts over 4 s on the terminal (the line shows after 2 s): 400 kbp on
  // POCL, longer on a GPU. Timed on the terminal itself: a length timed off it while other
  // tests shared the cores once ran there in under 2 s, with no line to check.
  std::mt19937_64 rng(43);
  std::string pair;
  Output r;
  for (std::size_t length = 400000;; length *= 2) {
    const std::string a = levcl::test::random_string(rng, length, 4), b = levcl::test::mutate(rng, a, 0.5, 4);
    pair = quote(write_file("long_a.fa", ">a\n" + a + "\n")) + " " + quote(write_file("long_b.fa", ">b\n" + b + "\n"));
    const auto start = std::chrono::steady_clock::now();
    r = on_terminal("--variant bitpar-vector " + pair);
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(4) || length >= 6400000) break;
  }
  const Output plain = levcl_cli("--variant bitpar-vector " + pair);
  REQUIRE(plain.status == 0);
  CHECK(plain.err.empty());
  INFO(r.out.substr(0, 2000));
  CHECK(r.status == 0);
  const std::vector<double> percent = progress_numbers(r.out, "levcl: ");
  CHECK(std::count_if(percent.begin(), percent.end(), [](double p) { return p > 1 && p < 99; }) >= 2);
  CHECK(r.out.find("% of the pair, ") != std::string::npos);
  CHECK(r.out.find(", ETA ") != std::string::npos);
}

TEST_CASE("--json: one object a line, no header") {
  const auto& rb = records_b();
  const Output r = levcl_cli("--json --all-vs-all " + quote(fasta_b_gz()));
  INFO("stdout:\n" << r.out << "\nstderr: " << r.err);
  REQUIRE(r.status == 0);
  const auto pairs = all_pairs(rb);
  const std::vector<std::string> lines = split(r.out, '\n');
  REQUIRE(lines.size() == pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    nlohmann::json j;
    REQUIRE_NOTHROW(j = nlohmann::json::parse(lines[i]));
    CHECK(j.size() == 5);
    CHECK(j["name_a"] == pairs[i].name_a);
    CHECK(j["name_b"] == pairs[i].name_b);
    CHECK(j["len_a"] == pairs[i].a.size());
    CHECK(j["len_b"] == pairs[i].b.size());
    CHECK(j["distance"] == reference(pairs[i].a, pairs[i].b));
  }
}

TEST_CASE("--max-distance: -1 where the distance is larger") {
  const auto pairs = all_pairs(records_b());
  const std::int64_t k = 20;
  std::size_t above = 0;
  for (const auto& p : pairs) above += reference(p.a, p.b, k) < 0;
  REQUIRE(above > 0);             // the bound matters for some pairs,
  REQUIRE(above < pairs.size());  // and not for all
  const Output r = levcl_cli("--max-distance " + std::to_string(k) + " --all-vs-all " + quote(fasta_b_gz()));
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  check_table(r.out, pairs, k);
}

TEST_CASE("a CPU variant on host threads") {
  const auto pairs = all_pairs(records_a());
  const Output r = levcl_cli("--variant cpu-bitpar --threads 2 --all-vs-all " + quote(fasta_a()));
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  check_table(r.out, pairs);
}

TEST_CASE("a malformed line exits with 2 naming its line; the results before it stay printed") {
  const std::string good = "ACGT\tAGT\nGATTACA\tGATACA\n# a comment\nKITTEN\tSITTING\n";
  const std::vector<Expected> before = {
      {"L1.a", "ACGT", "L1.b", "AGT"}, {"L2.a", "GATTACA", "L2.b", "GATACA"}, {"L4.a", "KITTEN", "L4.b", "SITTING"}};
  struct Case {
    std::string line, message;
  };
  const Case cases[] = {
      {"one field only\n", "found 1"},
      {"A\tB\tC\n", "found 3"},
      {fasta_a() + "\t99\t" + fasta_a() + "\t0\n", "no record 99"},
      {fasta_a() + "\tno-such-record\t" + fasta_a() + "\t0\n", "no record named 'no-such-record'"},
      {fasta_a() + "\t0\t" + (scratch_dir() / "missing.fa").string() + "\t0\n", "missing.fa"},
  };
  for (const Case& c : cases) {
    const std::string path = write_file("malformed.tsv", good + "\n" + c.line + "ACGT\tACGT\n");
    const Output r = levcl_cli("--pairs " + quote(path));
    INFO("line: " << c.line << "stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.rfind("levcl: error: " + path + ":6: ", 0) == 0);
    CHECK(r.err.find(c.message) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    check_table(r.out, before);
  }
}

TEST_CASE("missing inputs and bad usage exit with 2 before printing anything") {
  const std::string missing = quote((scratch_dir() / "missing.fa").string());
  const std::string a = quote(fasta_a());
  check_failure("--pairs " + missing, 2);
  check_failure("--all-vs-all " + missing, 2);
  check_failure("--query " + missing + " --targets " + a, 2);
  check_failure("--query " + a + " --targets " + missing, 2);
  check_failure("--all-vs-all " + quote(write_file("not-fasta.txt", "ACGT\n")), 2);
  check_failure("--all-vs-all " + quote(scratch_dir().string()), 2);  // a directory

  check_failure("--pairs " + a + " " + a + " " + a, 2);  // a batch and a pair
  check_failure("--pairs " + a + " --all-vs-all " + a, 2);
  check_failure("--query " + a, 2);                    // --query needs --targets
  check_failure("--targets " + a, 2);
  check_failure("--record-b 1 --query " + a + " --targets " + a, 2);
  check_failure("--record 1 --all-vs-all " + a, 2);
  check_failure("--query - --targets - <" + a, 2);
  check_failure("--threads -1 --all-vs-all " + a, 2);
  check_failure("--variant no-such-variant --all-vs-all " + a, 2);
}

TEST_CASE("--help describes the batch modes") {
  const Output r = levcl_cli("--help");
  CHECK(r.status == 0);
  for (const char* option : {"--pairs", "--query", "--targets", "--all-vs-all", "--threads", "name_a"})
    CHECK_MESSAGE(r.out.find(option) != std::string::npos, option);
}

TEST_CASE("the single pair keeps its bare output") {
  const Output r = levcl_cli("--variant cpu-dp " + quote(fasta_a()) + " " + quote(fasta_b_gz()));
  CHECK(r.status == 0);
  CHECK(r.out == std::to_string(reference(records_a()[0].sequence, records_b()[0].sequence)) + "\n");
}

TEST_CASE("--align in the batch modes: a cigar column, PAF, SAM and pretty; every CIGAR replayed") {
  const auto& ra = records_a();
  const auto& rb = records_b();
  // In alignments the query is the read placed on each target: b, as SAM and PAF have it.
  std::vector<Expected> pairs;
  for (const Record& target : rb) pairs.push_back(named(target, ra[0]));
  const std::string query = "--query " + quote(fasta_a()) + " --targets " + quote(fasta_b_gz());

  // The table gains a cigar column, whose cost is the distance.
  Output r = levcl_cli("--align " + query);
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  std::vector<std::string> lines = split(r.out, '\n');
  REQUIRE(lines.size() == pairs.size() + 1);
  CHECK(lines[0] == "name_a\tname_b\tlen_a\tlen_b\tdistance\tcigar");
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Expected& p = pairs[i];
    const std::vector<std::string> fields = split(lines[i + 1], '\t');
    REQUIRE(fields.size() >= 5);
    const std::int64_t d = reference(p.a, p.b);
    CHECK(fields[0] == p.name_a);
    CHECK(fields[1] == p.name_b);
    CHECK(fields[4] == std::to_string(d));
    CHECK(levcl::verify_alignment(p.a, p.b, fields.size() > 5 ? fields[5] : "") == d);
  }

  // PAF: query b, target a, NM:i: the distance, cg:Z: a CIGAR of that cost.
  r = levcl_cli("--format paf " + query);
  CHECK(r.status == 0);
  lines = split(r.out, '\n');
  REQUIRE(lines.size() == pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Expected& p = pairs[i];
    const std::vector<std::string> f = split(lines[i], '\t');
    REQUIRE(f.size() == 14);
    CHECK(f[0] == p.name_b);
    CHECK(f[1] == std::to_string(p.b.size()));
    CHECK(f[5] == p.name_a);
    CHECK(f[6] == std::to_string(p.a.size()));
    CHECK(f[12] == "NM:i:" + std::to_string(reference(p.a, p.b)));
    REQUIRE(f[13].rfind("cg:Z:", 0) == 0);
    CHECK(levcl::verify_alignment(p.a, p.b, f[13].substr(5)) == reference(p.a, p.b));
  }

  // SAM: a header, then one record a pair with b's bytes and the CIGAR.
  r = levcl_cli("--format sam " + query);
  CHECK(r.status == 0);
  lines = split(r.out, '\n');
  // The header: @HD, an @SQ line for every target of a byte or more, @PG.
  std::size_t references = 0;
  for (const Record& target : rb) references += !target.sequence.empty();
  REQUIRE(lines.size() == pairs.size() + 2 + references);
  CHECK(lines[0].rfind("@HD\t", 0) == 0);
  for (std::size_t i = 0, at = 1; i < rb.size(); ++i)
    if (!rb[i].sequence.empty())
      CHECK(lines[at++] == "@SQ\tSN:" + rb[i].name + "\tLN:" + std::to_string(rb[i].sequence.size()));
  CHECK(lines[1 + references].rfind("@PG\t", 0) == 0);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Expected& p = pairs[i];
    const std::vector<std::string> f = split(lines[i + 2 + references], '\t');
    REQUIRE(f.size() >= 11);
    CHECK(f[0] == p.name_b);
    CHECK(f[9] == (p.b.empty() ? "*" : p.b));
    if (p.a.empty()) {  // SAM has no empty reference: the read is unmapped
      CHECK(f[1] == "4");
      CHECK(f[2] == "*");
      continue;
    }
    CHECK(f[2] == p.name_a);
    CHECK(levcl::verify_alignment(p.a, p.b, f[5] == "*" ? "" : f[5]) == reference(p.a, p.b));
  }

  // pretty: a heading line a pair, then its columns; JSON: a cigar key.
  r = levcl_cli("--format pretty --all-vs-all " + quote(fasta_b_gz()));
  CHECK(r.status == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '#') == static_cast<long>(all_pairs(rb).size()));
  r = levcl_cli("--align --json " + query);
  CHECK(r.status == 0);
  lines = split(r.out, '\n');
  REQUIRE(lines.size() == pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto line = nlohmann::json::parse(lines[i]);
    CHECK(levcl::verify_alignment(pairs[i].a, pairs[i].b, line.at("cigar").get<std::string>()) ==
          reference(pairs[i].a, pairs[i].b));
  }

  // --max-distance: -1 and no CIGAR above it.
  r = levcl_cli("--align --max-distance 20 " + query);
  CHECK(r.status == 0);
  lines = split(r.out, '\n');
  REQUIRE(lines.size() == pairs.size() + 1);
  for (std::size_t i = 0; i < pairs.size(); ++i)
    if (reference(pairs[i].a, pairs[i].b) > 20) CHECK(lines[i + 1].find("\t-1\t") != std::string::npos);
}

TEST_CASE("--json keeps names that are not UTF-8: their bytes escaped as low surrogates, UTF-8 as it is") {
  const std::string path = write_file("names.fa", std::string(">na\xef" "me one\nACGT\n>\xc3\xa9t\xe9\nACG\n>q\"\\\nAC\n"));
  const Output r = levcl_cli("--json --all-vs-all " + quote(path));
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::vector<std::string> lines = split(r.out, '\n');
  REQUIRE(lines.size() == 3);
  const std::string expected = R"({"name_a":"na)" + std::string("\\") + R"(udcefme","name_b":")" + "\xc3\xa9t" +
                               std::string("\\") + R"(udce9")";
  CHECK(lines[0].rfind(expected, 0) == 0);
  // nlohmann refuses lone surrogates, which JSON's grammar allows: read them as U+00XX to
  // check that every line is otherwise valid JSON.
  const auto as_latin1 = [](std::string line) {
    for (std::size_t at; (at = line.find("\\udc")) != std::string::npos;) line.replace(at, 4, "\\u00");
    return line;
  };
  for (const auto& line : lines) CHECK_NOTHROW(nlohmann::json::parse(as_latin1(line)));
  CHECK(nlohmann::json::parse(as_latin1(lines[1]))["name_b"] == "q\"\\");
  CHECK(nlohmann::json::parse(as_latin1(lines[2]))["name_a"] == "\xc3\xa9t\xc3\xa9");  // U+00E9 stands for 0xE9
}

TEST_CASE("a pairs file on standard input cannot name standard input as a FASTA file") {
  const Output r = levcl_cli("--pairs -", "printf -- '-\\t0\\t-\\t0\\n' |");
  CHECK(r.status == 2);
  CHECK(r.err.find("'-' names standard input, which is this pairs file") != std::string::npos);
}

TEST_CASE("SAM: an empty reference has no @SQ (SAM's LN is 1 or more), and its read is unmapped") {
  const std::string empty = write_file("empty-ref.fa", ">ref\n"), read = write_file("read.fa", ">r\nACGT\n");
  const Output r = levcl_cli("--format sam " + quote(empty) + " " + quote(read));
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("@SQ") == std::string::npos);
  CHECK(r.out.find("LN:0") == std::string::npos);
  CHECK(r.out.find("\nr\t4\t*\t0\t0\t*\t*\t0\t0\tACGT\t*\n") != std::string::npos);
}

// samtools's verdict on a SAM file: quickcheck's status, then view's, with what it printed on
// stderr (a warning fails the check as an error does).
void check_samtools_reads(const std::string& sam_path, std::size_t records) {
  const Output quick = run_shell("samtools quickcheck -v " + quote(sam_path));
  INFO("quickcheck: " << quick.out << quick.err);
  CHECK(quick.status == 0);
  const Output view = run_shell("samtools view -c " + quote(sam_path));
  INFO("samtools view: " << view.err);
  CHECK(view.status == 0);
  CHECK(view.err.empty());
  CHECK(view.out == std::to_string(records) + "\n");
}

TEST_CASE("SAM that samtools reads in every mode: each reference in the header, unaligned pairs unmapped") {
  const auto& ra = records_a();
  const auto& rb = records_b();
  const std::string pairs_path =
      write_file("sam-pairs.tsv", fasta_a() + "\t0\t" + fasta_b_gz() + "\t1\n" + fasta_b_gz() + "\t2\t" + fasta_a() +
                                      "\t3\n" + fasta_a() + "\t0\t" + fasta_a() + "\t2\n");
  const struct {
    std::string args;
    std::size_t records;
  } modes[] = {
      {"--query " + quote(fasta_a()) + " --targets " + quote(fasta_b_gz()), rb.size()},
      {"--all-vs-all " + quote(fasta_b_gz()), rb.size() * (rb.size() - 1) / 2},
      {"--pairs " + quote(pairs_path), 3},
      {quote(fasta_a()) + " " + quote(fasta_b_gz()), 1},
  };
  for (const auto& mode : modes)
    for (const std::string bound : {"", " --max-distance 20"}) {
      const Output r = levcl_cli("--format sam" + bound + " " + mode.args);
      INFO("levcl --format sam" << bound << " " << mode.args << "\nstderr: " << r.err);
      REQUIRE(r.status == 0);
      const std::string sam = write_file("out.sam", r.out);
      check_samtools_reads(sam, mode.records);
      // Above the bound: unmapped, RNAME and POS as SAM has them (no htslib warning above).
      const Output unmapped = run_shell("samtools view -f 4 " + quote(sam) + " | cut -f 3,4 | sort -u");
      if (!unmapped.out.empty()) CHECK(unmapped.out == "*\t0\n");
    }

  // One against many: the --query record is the read (QNAME), each target its reference.
  const Output r = levcl_cli("--format sam --query " + quote(fasta_a()) + " --record-a 2 --targets " + quote(fasta_b_gz()) +
                             " | samtools view - | cut -f 1,3");
  REQUIRE(r.status == 0);
  const std::vector<std::string> lines = split(r.out, '\n');
  REQUIRE(lines.size() == rb.size());
  for (std::size_t i = 0; i < rb.size(); ++i)
    CHECK(lines[i] == ra[2].name + "\t" + (rb[i].sequence.empty() ? "*" : rb[i].name));

  // A header needs every reference first: a streamed input on stdin cannot be read twice.
  check_failure("--format sam --pairs - < " + quote(pairs_path), 2);
  check_failure("--format sam --query " + quote(fasta_a()) + " --targets - < " + quote(fasta_b_gz()), 2);
}

TEST_CASE("PAF: the query is PAF's query, and pairs above --max-distance are told on stderr, not written") {
  const auto& ra = records_a();
  const auto& rb = records_b();
  const std::string query = "--format paf --query " + quote(fasta_a()) + " --targets " + quote(fasta_b_gz());
  Output r = levcl_cli(query);
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  std::vector<std::string> lines = split(r.out, '\n');
  REQUIRE(lines.size() == rb.size());
  for (std::size_t i = 0; i < rb.size(); ++i) {
    const std::vector<std::string> f = split(lines[i], '\t');
    REQUIRE(f.size() == 14);
    CHECK(f[0] == ra[0].name);  // query
    CHECK(f[5] == rb[i].name);  // target
  }
  std::size_t above = 0;
  for (const Record& target : rb) above += reference(target.sequence, ra[0].sequence) > 20;
  REQUIRE(above > 0);
  r = levcl_cli(query + " --max-distance 20");
  REQUIRE(r.status == 0);
  CHECK(split(r.out, '\n').size() == rb.size() - above);
  CHECK(r.err == "levcl: note: " + std::to_string(above) + " of " + std::to_string(rb.size()) +
                     " pairs are above --max-distance and have no PAF line (PAF has no unaligned records)\n");
}

TEST_CASE("PAF's columns as minimap2 writes them for the same query and target") {
  const std::string dir = LEVCL_PATH(LEVCL_SAMPLE_DIR);
  const std::string target = quote(dir + "/AF133821.1.fa.gz"), query = quote(dir + "/AY352275.1.fa.gz");
  const Output ours = levcl_cli("--format paf --query " + query + " --targets " + target + " | cut -f 1,2,5,6,7");
  const Output theirs = run_shell("minimap2 -c -x asm20 " + target + " " + query + " | head -n 1 | cut -f 1,2,5,6,7");
  INFO("minimap2: " << theirs.err);
  REQUIRE(theirs.status == 0);
  REQUIRE(!theirs.out.empty());
  CHECK(ours.status == 0);
  CHECK(ours.out == theirs.out);  // query name and length, strand, target name and length
}

TEST_CASE("--ignore-case and --n-mismatch: soft-masked bases match, N never does, and NM agrees with samtools calmd") {
  const std::string lower = write_file("lower.fa", ">l\nacgtacgtNN\n"), upper = write_file("upper.fa", ">u\nACGTACGTNN\n");
  CHECK(levcl_cli(quote(lower) + " " + quote(upper)).out == "8\n");  // byte for byte: the Ns match
  CHECK(levcl_cli("--ignore-case " + quote(lower) + " " + quote(upper)).out == "0\n");
  CHECK(levcl_cli("--ignore-case --n-mismatch " + quote(lower) + " " + quote(upper)).out == "2\n");
  Output r = levcl_cli("--ignore-case --n-mismatch --format pretty " + quote(lower) + " " + quote(upper));
  CHECK(r.status == 0);
  CHECK(r.out.find("||||||||**") != std::string::npos);  // the Ns as compared: X

  // Genomes with runs of N (upper case, as calmd compares bases whatever their case): every
  // record's NM, all against all, as calmd recomputes it from the reference.
  std::string text;
  for (const Record& record : records(3, 6)) {
    std::string sequence = record.sequence;
    for (std::size_t at = 7; at + 3 < sequence.size(); at += 41) sequence.replace(at, 3, "NNN");
    text += ">" + record.name + "\n" + sequence + "\n";
  }
  const std::string genomes = write_file("with-n.fa", text);
  r = levcl_cli("--n-mismatch --format sam --all-vs-all " + quote(genomes));
  REQUIRE(r.status == 0);
  const std::string sam = write_file("with-n.sam", r.out);
  const Output calmd = run_shell("samtools calmd " + quote(sam) + " " + quote(genomes) + " > /dev/null");
  INFO("samtools calmd: " << calmd.err);
  CHECK(calmd.status == 0);
  CHECK(calmd.err.find("different NM") == std::string::npos);
  // Byte for byte, an N against an N matches, and calmd counts it: the option is what agrees.
  r = levcl_cli("--format sam --all-vs-all " + quote(genomes));
  REQUIRE(r.status == 0);
  const Output differs = run_shell("samtools calmd " + quote(write_file("byte.sam", r.out)) + " " + quote(genomes) +
                                   " > /dev/null");
  CHECK(differs.err.find("different NM") != std::string::npos);
}
