// levcl-mpi under mpirun: every batch mode's output, with -np 2 and -np 3, byte for byte what
// one levcl process prints; a single pair, a long one split over ranks 0 and 1 and one over
// three and four ranks; a rank
// that cannot open its device ends the job naming it, with levcl's exit code and only
// complete lines printed; -o written by rank 0, the same bytes.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "test_files.hpp"
#include "test_support.hpp"

namespace {

using levcl::test::levcl_cli;
using levcl::test::Output;
using levcl::test::quote;
using levcl::test::run_shell;
using levcl::test::write_file;

// mpirun as CI runs it: as root, more ranks than cores.
const std::string kMpirun = "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe";

Output mpi(int ranks, const std::string& args) {
  return run_shell(kMpirun + " -np " + std::to_string(ranks) + " " + quote(LEVCL_PATH(LEVCL_MPI_CLI)) + " " + args);
}

// count records of 300 to 1,500 bases: mutated copies of one string at 1-40%, and an empty one.
std::string fasta(unsigned seed, std::size_t count) {
  std::mt19937_64 rng(seed);
  const std::string root = levcl::test::random_string(rng, 1500, 4);
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string s = i == 3 ? "" : levcl::test::mutate(rng, root.substr(0, 300 + rng() % 1200), 0.01 * (i % 40), 4);
    std::string named;
    for (const char c : s) named.push_back("ACGT"[static_cast<unsigned char>(c) % 4]);
    text += ">r" + std::to_string(seed) + "_" + std::to_string(i) + "\n" + named + "\n";
  }
  return text;
}

// The same command through levcl and through levcl-mpi with 2 and 3 ranks: the same bytes.
void check_same(const std::string& args) {
  const Output one = levcl_cli(args);
  REQUIRE_MESSAGE(one.status == 0, one.err);
  for (const int ranks : {2, 3}) {
    const Output many = mpi(ranks, args);
    INFO("levcl-mpi -np " << ranks << " " << args << "\nstderr: " << many.err);
    CHECK(many.status == 0);
    CHECK(many.out == one.out);
  }
}

}  // namespace

TEST_CASE("every batch mode prints what one levcl process prints") {
  const std::string records = write_file("mpi.fa", fasta(5, 48));  // 1,128 pairs: several chunks a rank
  const std::string query = write_file("mpi-query.fa", fasta(6, 1));
  std::string lines;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 300; ++i) {
    const std::string a = levcl::test::random_string(rng, 1 + rng() % 400, 4);
    std::string pa, pb;
    for (const char c : a) pa.push_back("ACGT"[static_cast<unsigned char>(c) % 4]);
    for (const char c : levcl::test::mutate(rng, a, 0.1, 4)) pb.push_back("ACGT"[static_cast<unsigned char>(c) % 4]);
    lines += pa + "\t" + pb + "\n";
  }
  const std::string pairs = write_file("mpi-pairs.txt", lines);
  check_same("--all-vs-all " + quote(records));
  check_same("--json --max-distance 200 --all-vs-all " + quote(records));
  check_same("--query " + quote(query) + " --targets " + quote(records));
  check_same("--pairs " + quote(pairs));
  check_same("--variant cpu-bitpar --pairs " + quote(pairs));
  // Rank 0 writing --output itself: the file holds the same bytes.
  const std::string out = levcl::test::scratch_dir().string() + "/mpi-output.tsv";
  const Output one = levcl_cli("--all-vs-all " + quote(records));
  const Output written = mpi(3, "--all-vs-all " + quote(records) + " --output " + quote(out));
  INFO("stderr: " << written.err);
  CHECK(written.status == 0);
  CHECK(written.out.empty());
  CHECK(levcl::test::read_file(out) == one.out);
}

// A worker sends a chunk's results while rank 0 sends it the next chunk: with both sends
// blocking, the two waited on each other once the messages outgrew MPI's eager limit (the
// SARS-CoV-2 all-vs-all on two H100s, chunks of 2,000 pairs). A limit of 1 KiB makes every
// message here that large; a hang fails the run at the timeout.
TEST_CASE("results and the next chunk cross between ranks without waiting on each other") {
  const std::string records = write_file("mpi-cross.fa", fasta(12, 40));
  const Output one = levcl_cli("--all-vs-all " + quote(records));
  REQUIRE(one.status == 0);
  const Output many = run_shell("timeout 120 env OMPI_MCA_btl_vader_eager_limit=1024 " + kMpirun + " -np 2 " +
                                quote(LEVCL_PATH(LEVCL_MPI_CLI)) + " --all-vs-all " + quote(records));
  INFO("stderr: " << many.err);
  CHECK(many.status == 0);
  CHECK(many.out == one.out);
}

TEST_CASE("alignments: SAM and PAF as one levcl process writes them") {
  const std::string records = write_file("mpi-align.fa", fasta(8, 12));
  check_same("--align --format sam --all-vs-all " + quote(records));
  check_same("--align --format paf --all-vs-all " + quote(records));
  check_same("--align --json --max-distance 300 --all-vs-all " + quote(records));
}

TEST_CASE("a single pair, and the listings") {
  const std::string dir = LEVCL_PATH(LEVCL_SAMPLE_DIR);
  check_same(quote(dir + "/AF133821.1.fa.gz") + " " + quote(dir + "/AY352275.1.fa.gz"));
  check_same("--list-variants");
  CHECK(mpi(2, "--version").out == "levcl-mpi " + levcl_cli("--version").out.substr(6));
}

TEST_CASE("a long pair split over ranks 0 and 1: the backward half on rank 1, the distance levcl's") {
  // Pairs of 1.3e9 to 1.6e9 cells (bitpar splits those of 2^30 or more): divergent,
  // similar (its band grows from narrow: several halves asked), of unequal lengths.
  std::mt19937_64 rng(11);
  const std::string a = levcl::test::random_string(rng, 40000, 4);
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {a, levcl::test::mutate(rng, a, 0.3, 4)},
      {a, levcl::test::mutate(rng, a, 0.01, 4)},
      {a.substr(0, 33000), levcl::test::mutate(rng, a, 0.1, 4)},
  };
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const std::string files = quote(write_file("mpi-long-a" + std::to_string(k), pairs[k].first)) + " " +
                              quote(write_file("mpi-long-b" + std::to_string(k), pairs[k].second));
    check_same("--variant bitpar-vector " + files);
    check_same(files);  // auto
    const Output split = mpi(2, "-v --variant bitpar-vector " + files);
    INFO("stderr: " << split.err);
    CHECK(split.err.find("over 2 parts") != std::string::npos);
  }
  // Rank 1 fails to open its device when first asked for a half: the job says so.
  const std::string files = quote(write_file("mpi-long-a0", pairs[0].first)) + " " +
                            quote(write_file("mpi-long-b0", pairs[0].second));
  const std::string program = quote(LEVCL_PATH(LEVCL_MPI_CLI));
  const Output r = run_shell(kMpirun + " -np 1 " + program + " --variant bitpar-vector " + files +
                             " : -np 1 env LEVCL_DEVICE=99:0 " + program + " --variant bitpar-vector " + files);
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(r.err.find("levcl-mpi: error: rank 1: ") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("a long pair over three and four ranks: a block of a sweep's rows each, the distance levcl's") {
  std::mt19937_64 rng(13);
  const std::string a = levcl::test::random_string(rng, 40000, 4);
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {a, levcl::test::mutate(rng, a, 0.3, 4)},
      {a.substr(0, 36001), levcl::test::mutate(rng, a, 0.02, 4)},
  };
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const std::string files = quote(write_file("mpi-parts-a" + std::to_string(k), pairs[k].first)) + " " +
                              quote(write_file("mpi-parts-b" + std::to_string(k), pairs[k].second));
    const Output one = levcl_cli("--variant bitpar-vector " + files);
    REQUIRE_MESSAGE(one.status == 0, one.err);
    for (const int ranks : {3, 4}) {
      const Output many = mpi(ranks, "-v --variant bitpar-vector --param tiles=3 " + files);
      INFO("levcl-mpi -np " << ranks << "\nstderr: " << many.err);
      CHECK(many.status == 0);
      CHECK(many.out == one.out);
      CHECK(many.err.find("over " + std::to_string(ranks) + " parts") != std::string::npos);
    }
  }
  // Rank 2 fails to open its device when first asked for its share: the job says so.
  const std::string files = quote(write_file("mpi-parts-a0", pairs[0].first)) + " " +
                            quote(write_file("mpi-parts-b0", pairs[0].second));
  const std::string program = quote(LEVCL_PATH(LEVCL_MPI_CLI));
  const Output r = run_shell(kMpirun + " -np 2 " + program + " --variant bitpar-vector " + files +
                             " : -np 1 env LEVCL_DEVICE=99:0 " + program + " --variant bitpar-vector " + files);
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(r.err.find("levcl-mpi: error: rank 2: ") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("a rank that cannot open its device ends the job naming it; bad usage exits with 2") {
  const std::string records = write_file("mpi-fail.fa", fasta(9, 30));
  const std::string args = "--all-vs-all " + quote(records);
  const std::string program = quote(LEVCL_PATH(LEVCL_MPI_CLI));
  // Rank 1 is told of a device that does not exist (the second app context of mpirun).
  const Output r = run_shell(kMpirun + " -np 1 " + program + " " + args + " : -np 1 env LEVCL_DEVICE=99:0 " + program +
                             " " + args);
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(r.err.find("levcl-mpi: error: rank 1: ") != std::string::npos);
  CHECK(r.err.find("99:0") != std::string::npos);
  CHECK((r.out.empty() || r.out.back() == '\n'));  // complete lines only
  CHECK(r.out.rfind("name_a\tname_b\tlen_a\tlen_b\tdistance\n", 0) == 0);

  const Output bad = mpi(2, "--no-such-option");
  CHECK(bad.status == 2);
  CHECK(bad.err.find("levcl-mpi: error:") != std::string::npos);
  const Output missing = mpi(2, "--all-vs-all " + quote(records + ".missing"));
  CHECK(missing.status == 2);
  CHECK(missing.out.empty());
  const Output unwritable = mpi(2, args + " -o " + quote(records + ".no-such-folder/out.tsv"));
  CHECK(unwritable.status == 3);
  CHECK(unwritable.err.find("levcl-mpi: error: cannot write to ") != std::string::npos);
}
