// levcl-tune: a short tuning run on the test device, the output file, --resume, errors.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "levcl/levcl.hpp"

#include "test_files.hpp"

namespace fs = std::filesystem;

namespace {

using levcl::test::Output;
using levcl::test::quote;
using levcl::test::read_file;
using levcl::test::run_shell;
using levcl::test::scratch_dir;

Output levcl_tune(const std::string& args) { return run_shell(quote(LEVCL_PATH(LEVCL_TUNE)) + " " + args); }

const std::string output = (scratch_dir() / "tune.json").string();
// Few configurations (pwg tiles 1 and 2), so that the run usually completes in its budget.
const std::string short_run =
    "--variants minreads,pwg --budget 40 --length 3000 --similarities 0.9 --max-tile 2 --output " + quote(output);

nlohmann::json load(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);  // throws if not JSON
}

}  // namespace

TEST_CASE("a short tuning run writes a database entry; --resume adds nothing") {
  const Output r = levcl_tune(short_run);
  INFO("stderr: " << r.err);
  REQUIRE(r.status == 0);
  REQUIRE(fs::exists(output));
  const nlohmann::json j = load(output);
  CHECK(j.at("format") == "levcl-tuning-1");
  CHECK(!j.at("levcl_version").get<std::string>().empty());
  CHECK(j.at("created").get<std::string>().back() == 'Z');
  CHECK(!j.at("device").at("name").get<std::string>().empty());
  REQUIRE(j.at("workloads").size() == 1);
  CHECK(j.at("workloads")[0].at("len_a") == 3000);
  CHECK(j.at("workloads")[0].at("distance").get<long>() > 0);
  REQUIRE(!j.at("measurements").empty());
  for (const auto& m : j.at("measurements")) {
    CHECK((m.at("variant") == "minreads" || m.at("variant") == "pwg"));
    CHECK(m.at("params").is_object());
    if (m.contains("exact")) CHECK(m.at("exact") == true);
  }
  CHECK((j.at("best").contains("minreads") || j.at("best").contains("pwg")));
  REQUIRE(j.contains("best_variant"));
  CHECK(j.at("best").contains(j.at("best_variant").get<std::string>()));

  // Resume: a run that completed starts nothing new; one cut by its budget is resumed
  // with no budget left. Either way the measurements are kept and none are added.
  const bool completed = r.err.find("budget spent") == std::string::npos;
  const auto start = std::chrono::steady_clock::now();
  const Output again = levcl_tune(short_run + " --resume" + (completed ? "" : " --budget 0"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO("resume stderr: " << again.err);
  CHECK(again.status == 0);
  CHECK(load(output).at("measurements").size() == j.at("measurements").size());
  CHECK(again.err.find("0 configurations to run") != std::string::npos);
  CHECK(seconds < 10);

  // The plot script, with the first python3 that has matplotlib.
  const std::string python = levcl::test::python_with_matplotlib();
  if (python.empty()) {
    MESSAGE("no python3 with matplotlib: plot_tuning.py not tested");
    return;
  }
  const std::string png = (scratch_dir() / "tune.png").string();
  const Output plot = run_shell(python + " " + quote(LEVCL_PATH(LEVCL_PLOT_TUNING)) + " " + quote(output) + " " + quote(png));
  INFO("plot stderr: " << plot.err);
  CHECK(plot.status == 0);
  CHECK(fs::exists(png));
  CHECK(read_file(png).substr(1, 3) == "PNG");
}

TEST_CASE("a default run measures auto's engines first, the paper's other variants with the budget they leave") {
  const std::string path = (scratch_dir() / "tune-default.json").string();
  const Output r = levcl_tune("--budget 15 --length 1500 --similarities 0.9 --max-tile 2 --output " + quote(path));
  INFO("stderr: " << r.err);
  REQUIRE(r.status == 0);
  const nlohmann::json j = load(path);
  std::vector<bool> planner;  // of each measured row, in the order measured
  for (const auto& m : j.at("measurements"))
    if (!m.contains("error")) planner.push_back(levcl::variant_info(m.at("variant").get<std::string>()).planner);
  REQUIRE(!planner.empty());
  CHECK(planner.front());
  CHECK(std::is_partitioned(planner.begin(), planner.end(), [](bool p) { return p; }));
  for (const std::string engine : {"bitpar", "persistent", "pwg"}) CHECK(levcl::variant_info(engine).planner);
  CHECK(!levcl::variant_info("minreads").planner);
}

TEST_CASE("bad options and unknown variants exit with status 2") {
  for (const std::string args : {"--no-such-option", "--variants no-such-variant", "--variants cpu-wfa",
                                 "--similarities 1.5", "--budget -1"}) {
    const Output r = levcl_tune(args + " --output " + quote((scratch_dir() / "bad.json").string()));
    INFO("args: " << args << "\nstderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.rfind("levcl-tune: error: ", 0) == 0);
    CHECK(!fs::exists(scratch_dir() / "bad.json"));
  }
}

TEST_CASE("an output file that cannot be written exits with status 3") {
  // /proc takes no new files, for root too.
  const Output r = levcl_tune("--variants pwg --budget 5 --length 500 --similarities 0.9 --max-tile 1 --output "
                              "/proc/levcl-tune-test.json");
  INFO("stderr: " << r.err);
  CHECK(r.status == 3);
  CHECK(r.err.find("levcl-tune: error: cannot write /proc/levcl-tune-test.json") != std::string::npos);
}
