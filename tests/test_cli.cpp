// The levcl command: output, options and exit codes, run as a separate process.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "levcl/io.hpp"
#include "levcl/levcl.hpp"
#include "levcl/tuning.hpp"
#include "kernel_sources.hpp"
#include "cli_support.hpp"
#include "test_files.hpp"

namespace fs = std::filesystem;

namespace {

const std::string sample_a = LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AF133821.1.fa.gz";  // 10035 bases
const std::string sample_b = LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AY352275.1.fa.gz";  // 10280 bases; distance 1988

using levcl::test::check_failure;
using levcl::test::levcl_cli;
using levcl::test::Output;
using levcl::test::quote;
using levcl::test::read_file;
using levcl::test::run_shell;
using levcl::test::scratch_dir;
using levcl::test::write_file;

const std::string pair = quote(sample_a) + " " + quote(sample_b);

// Three short records; plain and gzipped copies.
std::string multi_fasta() {
  static const std::string path = write_file("multi.fa", ">first\nKIT\nTEN\n>second desc\nSITTING\n>third\nKITCHEN\n");
  return path;
}
std::string multi_fasta_gz() {
  static const std::string path = [] {
    const std::string gz = (scratch_dir() / "multi.fa.gz").string();
    REQUIRE(std::system(("gzip -c " + quote(multi_fasta()) + " > " + quote(gz)).c_str()) == 0);
    return gz;
  }();
  return path;
}

}  // namespace

TEST_CASE("the sample pair prints its distance") {
  for (const std::string options :
       {"", "--variant cpu-wfa", "--variant minreads --param wg=64 --param read-interval=7"}) {
    const Output r = levcl_cli(options + " " + pair);
    INFO("options: " << options << "\nstderr: " << r.err);
    CHECK(r.status == 0);
    CHECK(r.out == "1988\n");
  }
}

TEST_CASE("logging goes to stderr, not into the output") {
  const Output r = levcl_cli("-v -v --variant cpu-wfa " + pair);
  CHECK(r.status == 0);
  CHECK(r.out == "1988\n");
}

TEST_CASE("standard input as one of the inputs") {
  Output r = levcl_cli("- " + quote(sample_b), "cat " + quote(sample_a) + " |");
  CHECK(r.status == 0);
  CHECK(r.out == "1988\n");
  r = levcl_cli(quote(sample_a) + " - <" + quote(sample_b));
  CHECK(r.status == 0);
  CHECK(r.out == "1988\n");
  check_failure("- - <" + quote(sample_a), 2);
}

TEST_CASE("gzipped multi-record FASTA with --record") {
  const std::string plain = quote(multi_fasta()), gz = quote(multi_fasta_gz());
  CHECK(levcl_cli(plain + " " + gz).out == "0\n");  // first records
  CHECK(levcl_cli("--record-a 0 --record-b second " + plain + " " + gz).out == "3\n");  // KITTEN SITTING
  CHECK(levcl_cli("--record 2 " + plain + " " + gz).out == "0\n");
  CHECK(levcl_cli("--record-a first --record-b third " + gz + " " + plain).out == "2\n");  // KITTEN KITCHEN
  CHECK(levcl_cli("--record third --record-a 1 " + gz + " " + gz).out == "5\n");            // SITTING KITCHEN
  check_failure("--record 3 " + plain + " " + gz, 2);
  check_failure("--record-b fourth " + plain + " " + gz, 2);
}

TEST_CASE("--json") {
  const Output r = levcl_cli("--json " + pair);
  REQUIRE(r.status == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
  INFO(r.out);
  CHECK(j["distance"] == 1988);
  // The default is "auto", which picks a device variant for the pair, or on a GPU while
  // that variant's program is not built the host's, and says so (levcl::ColdPrograms).
  const Output automatic = levcl_cli("--json --variant auto " + pair);
  REQUIRE(automatic.status == 0);
  CHECK(j["variant"] == nlohmann::json::parse(automatic.out)["variant"]);
  CHECK((levcl::variant_info(j["variant"].get<std::string>()).uses_device ||
         j["params_source"].get<std::string>().find("not built") != std::string::npos));
  CHECK(j["params"].is_object());
  CHECK(j["params_source"].is_string());
  CHECK(j["device"].is_string());
  CHECK(j["len_a"] == 10035);
  CHECK(j["len_b"] == 10280);
  CHECK(j["cells"].is_number_unsigned());
  CHECK(j["cells"].get<std::uint64_t>() > 0);
  CHECK(j["seconds"].is_number());
  CHECK(j["kernel_seconds"].is_number());
  CHECK(j["build_seconds"].is_number());
  CHECK(j["gcups"].is_number());
  CHECK(j["launches"].is_number_unsigned());
  const double seconds = j["seconds"].get<double>();
  if (seconds > 0) CHECK(j["gcups"].get<double>() == doctest::Approx(10035.0 * 10280.0 / seconds / 1e9));

  const Output cpu = levcl_cli("--json --variant cpu-dp --record 0 " + pair);
  REQUIRE(cpu.status == 0);
  const auto k = nlohmann::json::parse(cpu.out);
  CHECK(k["distance"] == 1988);
  CHECK(k["variant"] == "cpu-dp");
  CHECK(k["device"] == "cpu");
}

TEST_CASE("--list-devices, --list-variants, --version, --help") {
  Output r = levcl_cli("--list-devices");
  CHECK(r.status == 0);
  if (!levcl::list_devices().empty()) CHECK(r.out.find("* ") != std::string::npos);

  r = levcl_cli("--list-variants");
  CHECK(r.status == 0);
  for (const char* name : {"auto", "cpu-dp", "cpu-wfa", "baseline", "dynamic", "minreads"})
    CHECK_MESSAGE(r.out.find(name) != std::string::npos, name);

  r = levcl_cli("--version");
  CHECK(r.status == 0);
  CHECK(r.out == std::string("levcl ") + levcl::version() + "\n");

  r = levcl_cli("--help");
  CHECK(r.status == 0);
  CHECK(r.out.find("--variant") != std::string::npos);
  CHECK(r.err.empty());
}

TEST_CASE("--max-distance: the distance up to K, else -1") {
  Output r = levcl_cli("--max-distance 1988 " + pair);
  CHECK(r.status == 0);
  CHECK(r.out == "1988\n");
  r = levcl_cli("--max-distance 1987 --variant cpu-wfa " + pair);
  CHECK(r.status == 0);
  CHECK(r.out == "-1\n");
  r = levcl_cli("--json --max-distance 100 " + pair);
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["distance"] == -1);
  CHECK(j["max_distance"] == 100);
  check_failure("--max-distance -3 " + pair, 2);
}

TEST_CASE("an empty file is the empty string") {
  const std::string empty = quote(write_file("empty.txt", ""));
  Output r = levcl_cli(empty + " " + quote(write_file("four_bytes.txt", "ACGT")));
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  CHECK(r.out == "4\n");
  r = levcl_cli(empty + " " + empty);
  CHECK(r.status == 0);
  CHECK(r.out == "0\n");
  r = levcl_cli(quote(write_file("no-sequence.fa", ">name\n")) + " " + quote(write_file("abc.fa", ">x\nABC\n")));
  CHECK(r.status == 0);
  CHECK(r.out == "3\n");
  // FASTA-looking, but no record at all, stays an error.
  check_failure(empty + " " + quote(write_file("bare.fa", " >")), 2);
}

TEST_CASE("bad usage and bad input exit with 2") {
  const std::string a = quote(sample_a);
  check_failure(a + " " + quote((scratch_dir() / "missing.fa").string()), 2);
  check_failure(a + " " + quote(write_file("malformed.fa", ">\nACGT\n")), 2);
  check_failure("--variant no-such-variant " + pair, 2);
  check_failure("--param nope=1 " + pair, 2);
  check_failure("--device 99999999999999999999 " + pair, 2);  // no such device, not an overflow
  check_failure("--device 0:99999999999999999999 " + pair, 2);
  check_failure("--param tile=127 " + pair, 2);               // auto: parameters name their variant
  check_failure("--param nope.tile=1 " + pair, 2);            // no such variant
  check_failure("--param pwg.wg=64 " + pair, 2);              // pwg has no wg
  check_failure("--param wg " + pair, 2);
  check_failure("--device no-such-device-xyz " + pair, 2);
  check_failure("--variant dynamic --param wg=100000 " + pair, 2);  // beyond the parameter's range
  check_failure("--variant dynamic --param wg=65536 " + pair, 2);   // beyond the device's limit
  check_failure("", 2);
  check_failure(a, 2);
  check_failure(pair + " " + a, 2);
  check_failure("--no-such-option " + pair, 2);
}

TEST_CASE("--align: the CIGAR of the sample pair in every --format") {
  const std::string a = levcl::read_sequence(sample_a), b = levcl::read_sequence(sample_b);
  Output r = levcl_cli("--align " + pair);
  INFO("stderr: " << r.err);
  CHECK(r.status == 0);
  REQUIRE(r.out.rfind("1988\t", 0) == 0);
  CHECK(levcl::verify_alignment(a, b, r.out.substr(5, r.out.size() - 6)) == 1988);

  r = levcl_cli("--format paf " + pair);  // --format implies --align
  CHECK(r.status == 0);
  CHECK(r.out.find("\tNM:i:1988\tcg:Z:") != std::string::npos);
  CHECK(r.out.rfind("gi|33359200|gb|AY352275.1|\t10280\t0\t10280\t+\tgi|5805260|gb|AF133821.1|\t10035\t0\t10035\t", 0) == 0);

  r = levcl_cli("--format sam " + pair);
  CHECK(r.status == 0);
  CHECK(r.out.find("@SQ\tSN:gi|5805260|gb|AF133821.1|\tLN:10035\n") != std::string::npos);
  CHECK(r.out.find("\tNM:i:1988\n") != std::string::npos);

  const std::string k = write_file("kitten.txt", "kitten"), s = write_file("sitting.txt", "sitting");
  r = levcl_cli("--format pretty " + quote(k) + " " + quote(s));
  CHECK(r.status == 0);
  CHECK(r.out == "a 1 kitten-\n    *|||*| \nb 1 sitting\n");

  r = levcl_cli("--align --json " + quote(k) + " " + quote(s));
  CHECK(r.status == 0);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json.at("distance") == 3);
  CHECK(levcl::verify_alignment("kitten", "sitting", json.at("cigar").get<std::string>()) == 3);
  CHECK(json.at("peak_device_bytes").get<std::uint64_t>() > 0);

  check_failure("--align --variant pwg " + pair, 2);          // not an aligner
  check_failure("--format bogus " + pair, 2);                    // not a format
  const std::string long_a = write_file("long.txt", std::string(100001, 'A'));
  check_failure("--format pretty " + quote(long_a) + " " + quote(k), 2);  // too long to read
}

TEST_CASE("a kernel that does not compile exits with 3 and shows the build log") {
  // A copy of the real kernel sources in which wfa_column.cl ends with a syntax error.
  const fs::path kernels = scratch_dir() / "bad-kernels";
  levcl::test::write_kernel_sources(kernels);
  REQUIRE(fs::exists(kernels / "wfa_column.cl"));
  std::ofstream(kernels / "wfa_column.cl", std::ios::app) << "\n__kernel void broken(__global int* x) { x[0] = ; }\n";
  const Output r = levcl_cli("--variant minreads " + pair, "LEVCL_KERNEL_DIR=" + quote(kernels.string()) + " LEVCL_NO_CACHE=1");
  INFO("stderr: " << r.err);
  CHECK(r.status == 3);
  CHECK(r.out.empty());
  // The OpenCL compiler may print its own diagnostics on stderr before levcl's message.
  const auto message = r.err.find("levcl: error: ");
  REQUIRE(message != std::string::npos);
  CHECK(r.err.find("error", message + std::string("levcl: error: ").size()) != std::string::npos);
}

TEST_CASE("output that cannot be written exits with 3, never 0 with the output lost") {
  const std::string batch = "printf 'GATTACA\\tGATACA\\nkitten\\tsitting\\n' |";
  const struct {
    std::string args, before, after;
  } runs[] = {
      {pair, "", "> /dev/full"},                          // a full disk
      {pair, "", ">&-"},                                  // standard output closed
      {"--pairs -", batch, "> /dev/full"},                // a batch's table
      {"--align --format sam " + pair, "", "> /dev/full"},
      {"--list-variants", "", "> /dev/full"},
  };
  for (const auto& run : runs) {
    // In a subshell, so that its own redirection of standard output wins over run_shell's.
    const Output r =
        run_shell("(" + run.before + " " + quote(LEVCL_PATH(LEVCL_CLI)) + " " + run.args + " " + run.after + ")");
    INFO(run.args << " " << run.after << "\nstderr: " << r.err);
    CHECK(r.status == 3);
    CHECK(r.err.find("levcl: error: cannot write to standard output") != std::string::npos);
  }
}

TEST_CASE("--output: the file holds what standard output would, standard output nothing") {
  const std::string batch = write_file("output-pairs.txt", "GATTACA\tGATACA\nkitten\tsitting\n");
  const std::string out = (scratch_dir() / "output.txt").string();
  const std::vector<std::string> runs = {pair, "--json --pairs " + quote(batch), "--pairs " + quote(batch),
                                         "--align --format sam " + pair, "--list-variants"};
  for (const std::string& args : runs) {
    INFO(args);
    const Output printed = levcl_cli(args);
    REQUIRE(printed.status == 0);
    write_file("output.txt", "an earlier run's output, longer than this one's: emptied first\n" + printed.out);
    const Output written = levcl_cli(args + " -o " + quote(out));
    CHECK(written.status == 0);
    CHECK(written.out.empty());
    CHECK(read_file(out) == printed.out);
  }
  // A file that cannot be written: exit 3, naming it, as for standard output.
  const Output r = levcl_cli(pair + " --output " + quote((scratch_dir() / "no-such-folder" / "x.txt").string()));
  CHECK(r.status == 3);
  CHECK(r.err.find("levcl: error: cannot write to ") != std::string::npos);
  CHECK(r.err.find("no-such-folder") != std::string::npos);
  const Output full = levcl_cli("--pairs " + quote(batch) + " -o /dev/full");
  CHECK(full.status == 3);
  CHECK(full.err.find("levcl: error: cannot write to /dev/full") != std::string::npos);
}

TEST_CASE("parameters scoped to their variant apply under auto, where that variant runs") {
  const Output r = levcl_cli("--json --param pwg.tile=63 --param persistent.wg=64 " + pair);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["distance"] == 1988);
  if (j["variant"] == "pwg") CHECK(j["params"]["tile"] == 63);
  if (j["variant"] == "persistent") CHECK(j["params"]["wg"] == 64);
  // A batch refuses an unscoped parameter before it prints anything.
  const Output batch = levcl_cli("--pairs - --param tile=127", "printf 'GATTACA\\tGATACA\\n' |");
  CHECK(batch.status == 2);
  CHECK(batch.out.empty());
  CHECK(batch.err.find("--variant") != std::string::npos);
}

TEST_CASE("no device because POCL cannot make its cache folder: the message says what POCL needs") {
  const auto devices = levcl::list_devices();
  if (devices.empty() || std::any_of(devices.begin(), devices.end(), [](const levcl::DeviceInfo& d) {
        return d.platform != "Portable Computing Language";
      })) {
    MESSAGE("not a POCL-only machine: nothing to check");
    return;
  }
  // A HOME below a file: no folder can be made there, root or not.
  const std::string home = (scratch_dir() / "a-file").string();
  std::ofstream(home) << "x";
  const Output r = levcl_cli(pair, "env -u XDG_CACHE_HOME -u POCL_CACHE_DIR -u LEVCL_DEVICE HOME=" + quote(home + "/home"));
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.err.find("set POCL_CACHE_DIR") != std::string::npos);
}
