// levcl-bench: its report pieces (median, the distance cross-check, similarity, the Markdown
// and CSV writers) and time-limited child runs, compiled in; then the program itself on the
// sample pair and small synthetic pairs, run as a separate process.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench_report.hpp"
#include "levcl/levcl.hpp"
#include "levcl/synthetic.hpp"
#include "test_files.hpp"
#include "time_limited.hpp"

namespace fs = std::filesystem;

namespace {

using levcl::test::Output;
using levcl::test::python_with_matplotlib;
using levcl::test::quote;
using levcl::test::read_file;
using levcl::test::run_shell;
using levcl::test::scratch_dir;
using levcl::tools::LimitedRun;
using levcl::tools::Row;

const std::string sample_a = LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AF133821.1.fa.gz";  // 10035 bases
const std::string sample_b = LEVCL_PATH(LEVCL_SAMPLE_DIR) + "/AY352275.1.fa.gz";  // 10280 bases; distance 1988
const std::string pair = quote(sample_a) + " " + quote(sample_b);
const std::string sample_workload = "AF133821.1 vs AY352275.1";  // named after the files

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

Row row(const std::string& engine, std::optional<std::int64_t> distance, Row::Status status = Row::Status::ok) {
  Row r;
  r.workload = "w";
  r.engine = engine;
  r.distance = distance;
  r.status = status;
  return r;
}

// The message of what f throws as levcl::Error, or "" if it throws nothing.
template <typename F>
std::string error_message(F&& f) {
  try {
    f();
  } catch (const levcl::Error& e) {
    CHECK(e.code() == levcl::ErrorCode::internal);
    return e.what();
  }
  return "";
}

// A table (CSV or Markdown) as one map per body row, keyed by the header row's names.
using Record = std::map<std::string, std::string>;

std::vector<Record> records(const std::vector<std::vector<std::string>>& table) {
  std::vector<Record> out;
  for (std::size_t i = 1; i < table.size(); ++i) {
    REQUIRE(table[i].size() == table[0].size());
    Record r;
    for (std::size_t k = 0; k < table[0].size(); ++k) r[table[0][k]] = table[i][k];
    out.push_back(r);
  }
  return out;
}

// RFC 4180: a field in double quotes may hold commas, newlines and doubled quotes.
std::vector<Record> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> table(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c != '"') table.back().back() += c;
      else if (i + 1 < text.size() && text[i + 1] == '"') table.back().back() += text[++i];
      else quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      table.back().emplace_back();
    } else if (c == '\n') {
      table.emplace_back(1);
    } else {
      table.back().back() += c;
    }
  }
  if (table.back() == std::vector<std::string>(1)) table.pop_back();  // after the last newline
  return records(table);
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(' ');
  return first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(' ') - first + 1);
}

// The Markdown table's rows; "\|" in a cell is a literal bar.
std::vector<Record> parse_markdown_table(const std::string& markdown) {
  std::vector<std::vector<std::string>> table;
  std::istringstream in(markdown);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("|", 0) != 0 || line.rfind("|---", 0) == 0) continue;
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
        cell += line[++i];
      } else if (line[i] == '|') {
        cells.push_back(trim(cell));
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    table.push_back(cells);
  }
  return records(table);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

Output levcl_bench(const std::string& args) { return run_shell(quote(LEVCL_PATH(LEVCL_BENCH)) + " " + args); }

}  // namespace

// ---------------------------------------------------------------------------------------
// The report pieces

TEST_CASE("agreed_distance: the distance every finished engine gave, else an error naming them") {
  using levcl::tools::agreed_distance;
  const Row over = row("edlib", std::nullopt, Row::Status::over_limit);
  CHECK(agreed_distance({row("levcl pwg", 1988), row("levcl minreads", 1988), row("wfa2", 1988)}) == 1988);
  CHECK(agreed_distance({over, row("levcl pwg", 7)}) == 7);  // rows without a distance do not vote
  CHECK(!agreed_distance({over, row("wfa2", std::nullopt, Row::Status::failed)}).has_value());
  CHECK(!agreed_distance({}).has_value());

  const std::string message =
      error_message([&] { agreed_distance({row("levcl pwg", 1988), over, row("edlib", 1989)}); });
  INFO(message);
  CHECK(message.find("levcl pwg 1988") != std::string::npos);
  CHECK(message.find("edlib 1989") != std::string::npos);
}

TEST_CASE("median and similarity") {
  using levcl::tools::median;
  using levcl::tools::similarity;
  CHECK(median({3, 1, 2}) == 2);
  CHECK(median({0.4, 0.1, 0.3, 0.2}) == doctest::Approx(0.25));
  CHECK(median({5}) == 5);
  CHECK(similarity(1988, 10035, 10280) == doctest::Approx(1 - 1988.0 / 10280));  // the longer string counts
  CHECK(similarity(1988, 10280, 10035) == doctest::Approx(1 - 1988.0 / 10280));
  CHECK(similarity(0, 10, 10) == 1.0);
  CHECK(similarity(4, 4, 0) == 0.0);
  CHECK(similarity(0, 0, 0) == 1.0);  // two empty strings, not 0/0
}

TEST_CASE("write_markdown and write_csv: rows that finished, ran over the limit, failed") {
  Row ok = row("levcl pwg", 1234);
  ok.workload = "synthetic 200 kbp 50%";
  ok.len_a = 200000;
  ok.len_b = 100000;
  ok.nominal_similarity = 0.5;
  ok.on_device = true;
  ok.params = "tile=127";
  ok.seconds = {2, 1, 4};
  ok.kernel_seconds = {1.5, 0.5, 3};
  ok.cells = 5000;
  Row over = ok;  // the same pair, a CPU engine killed at its 10 s limit
  over.engine = "edlib";
  over.on_device = false;
  over.params = "";
  over.status = Row::Status::over_limit;
  over.distance.reset();
  over.seconds.clear();
  over.kernel_seconds.clear();
  over.limit_seconds = 10;
  Row failed = over;
  failed.engine = "wfa2";
  failed.status = Row::Status::failed;
  failed.message = "WFA2-lib failed: out of memory, \"really\"";  // a comma and quotes for the CSV
  const std::vector<Row> rows = {ok, over, failed};

  levcl::tools::Header header;
  header.lines = {{"command", "`levcl-bench --lengths 200k`"}, {"device", "a device"}};
  std::ostringstream markdown;
  levcl::tools::write_markdown(markdown, header, rows);
  const std::string md = markdown.str();
  INFO(md);
  CHECK(md.find("- command: `levcl-bench --lengths 200k`\n") != std::string::npos);
  CHECK(md.find("- device: a device\n") != std::string::npos);
  const auto table = parse_markdown_table(md);
  REQUIRE(table.size() == 3);
  CHECK(table[0].at("engine") == "levcl pwg");
  // Only one of the three engines answered: the distance is marked as not cross-checked.
  CHECK(table[0].at("distance") == "1,234 †");
  CHECK(md.find("\n† Only one engine finished on this pair") != std::string::npos);
  CHECK(table[0].at("runs") == "3");
  CHECK(table[0].at("seconds (median)") == "2.00");
  CHECK(table[0].at("spread (min-max)") == "1.00-4.00");
  CHECK(table[0].at("kernel s") == "1.50");
  CHECK(table[0].at("GCUPS") == "10.0");  // 2e10 cells in 2 s
  // Over the limit: a lower bound on the time, an upper bound on GCUPS (2e10 cells / 10 s),
  // and the distance the other engines found for the pair.
  CHECK(table[1].at("engine") == "edlib");
  CHECK(table[1].at("distance") == "1,234 †");
  CHECK(table[1].at("seconds (median)") == "> 10.0");
  CHECK(table[1].at("GCUPS") == "< 2.0");
  CHECK(table[2].at("seconds (median)") == "failed: WFA2-lib failed: out of memory, \"really\"");
  CHECK(table[2].at("GCUPS") == "-");
  // A second engine that agrees makes the pair's distance cross-checked: no mark.
  Row second = ok;
  second.engine = "levcl minreads";
  std::ostringstream checked;
  levcl::tools::write_markdown(checked, header, {ok, second, over});
  CHECK(parse_markdown_table(checked.str()).at(2).at("distance") == "1,234");
  CHECK(checked.str().find("†") == std::string::npos);

  std::ostringstream csv_text;
  levcl::tools::write_csv(csv_text, rows);
  const std::string text = csv_text.str();
  INFO(text);
  CHECK(text.rfind("workload,len_a,len_b,nominal_similarity,distance,similarity,engine,on_device,params,"
                   "params_source,status,message,runs,median_s,min_s,max_s,kernel_median_s,gcups,cells,limit_s\n",
                   0) == 0);
  const auto csv = parse_csv(text);
  REQUIRE(csv.size() == 3);
  CHECK(csv[0].at("status") == "ok");
  CHECK(csv[0].at("distance") == "1234");
  CHECK(std::stod(csv[0].at("similarity")) == doctest::Approx(1 - 1234.0 / 200000));
  CHECK(csv[0].at("on_device") == "1");
  CHECK(std::stod(csv[0].at("median_s")) == 2);
  CHECK(std::stod(csv[0].at("gcups")) == doctest::Approx(10));
  CHECK(csv[1].at("status") == "over-limit");
  CHECK(csv[1].at("distance").empty());
  CHECK(csv[1].at("median_s").empty());
  CHECK(csv[1].at("limit_s") == "10");
  CHECK(csv[1].at("runs") == "1");  // the run that was stopped
  CHECK(csv[2].at("status") == "failed");
  CHECK(csv[2].at("message") == failed.message);
}

// ---------------------------------------------------------------------------------------
// Time-limited runs in a child process

TEST_CASE("run_time_limited: finished, over the limit, failed") {
  using levcl::tools::run_time_limited;
  SUBCASE("a quick computation returns its value") {
    const LimitedRun run = run_time_limited([] { return std::int64_t{1988}; }, 5);
    CHECK(run.outcome == LimitedRun::Outcome::finished);
    CHECK(run.value == 1988);
    CHECK(run.seconds >= 0);
    CHECK(run.seconds < 5);
  }
  SUBCASE("one past its limit is killed at the limit") {
    const auto start = Clock::now();
    const LimitedRun run = run_time_limited(
        [] {
          std::this_thread::sleep_for(std::chrono::seconds(30));
          return std::int64_t{1};
        },
        0.5);
    const double seconds = seconds_since(start);
    CHECK(run.outcome == LimitedRun::Outcome::over_limit);
    CHECK(seconds >= 0.5);
    CHECK(seconds < 5);
  }
  SUBCASE("an exception becomes the message") {
    const LimitedRun run = run_time_limited([]() -> std::int64_t { throw std::runtime_error("no answer"); }, 5);
    CHECK(run.outcome == LimitedRun::Outcome::failed);
    CHECK(run.message == "no answer");
  }
  SUBCASE("a crash names the signal") {
    const LimitedRun run = run_time_limited(
        []() -> std::int64_t {
          // doctest's crash handler, inherited by the child, would report this deliberate
          // abort as a crash of the test; and a core file is of no use.
          std::signal(SIGABRT, SIG_DFL);
          const rlimit no_core{0, 0};
          ::setrlimit(RLIMIT_CORE, &no_core);
          std::abort();
        },
        5);
    INFO(run.message);
    CHECK(run.outcome == LimitedRun::Outcome::failed);
    CHECK(run.message.find("signal " + std::to_string(SIGABRT)) != std::string::npos);
  }
}

// ---------------------------------------------------------------------------------------
// The program

TEST_CASE("--quick on the sample pair: every engine agrees on every pair; .md, .csv and .png") {
  const std::string prefix = (scratch_dir() / "quick" / "q").string();  // the folder is created
  const Output r = levcl_bench("--quick -o " + quote(prefix) + " " + pair);
  INFO("stderr: " << r.err);
  REQUIRE(r.status == 0);
  REQUIRE(fs::exists(prefix + ".md"));
  REQUIRE(fs::exists(prefix + ".csv"));

  const std::string md = read_file(prefix + ".md");
  CHECK(r.out == md);  // the table on stdout too
  for (const std::string line : {"- command: `levcl-bench --quick -o ", "- levcl: ", "- device: ", "- host CPU: "})
    CHECK_MESSAGE(md.find("\n" + line) != std::string::npos, line);
  CHECK(md.find("\n| pair | m | n | distance | similarity | engine |") != std::string::npos);
  CHECK(parse_markdown_table(md).size() == parse_csv(read_file(prefix + ".csv")).size());

  // The engines expected on every pair: each device variant, and each peer this build has.
  std::vector<std::string> engines;
  for (const auto& v : levcl::list_variants())
    if (v.uses_device && v.can(levcl::Capability::distance)) engines.push_back("levcl " + v.name);
  const std::vector<std::pair<std::string, std::string>> peers = {{"edlib", "edlib"}, {"wfa2", "WFA2-lib"}};
  for (const auto& [peer, title] : peers) {
    if (md.find("\n- note: " + title + " skipped") != std::string::npos) {
      MESSAGE(title << " is not in this build: its rows are not checked");
    } else {
      engines.push_back(peer);
    }
  }

  std::map<std::string, std::vector<Record>> by_workload;
  for (const auto& record : parse_csv(read_file(prefix + ".csv")))
    by_workload[record.at("workload")].push_back(record);
  const std::set<std::string> workloads = {sample_workload, "synthetic 10 kbp 50%", "synthetic 10 kbp 90%",
                                           "synthetic 10 kbp 99%"};
  CHECK(by_workload.size() == workloads.size());
  for (const auto& workload : workloads) {
    INFO("workload: " << workload);
    REQUIRE(by_workload.count(workload) == 1);
    const auto& rows = by_workload.at(workload);
    CHECK(rows.size() == engines.size());
    for (const auto& engine : engines) {
      INFO("engine: " << engine);
      const auto it = std::find_if(rows.begin(), rows.end(), [&](const Record& r) { return r.at("engine") == engine; });
      REQUIRE(it != rows.end());
      CHECK(it->at("status") == "ok");
      CHECK(it->at("distance") == rows.front().at("distance"));
      CHECK(it->at("on_device") == (engine.rfind("levcl ", 0) == 0 ? "1" : "0"));
    }
  }
  CHECK(by_workload[sample_workload].front().at("distance") == "1988");

  const std::string png = prefix + ".png";
  if (python_with_matplotlib().empty()) {
    MESSAGE("no python3 with matplotlib: the plot is not checked");
    return;
  }
  REQUIRE(fs::exists(png));
  CHECK(read_file(png).substr(1, 3) == "PNG");
}

TEST_CASE("--batch: all against all, synthetic pairs and a stream; levcl and the peers agree on every pair") {
  std::mt19937_64 rng(4);
  std::string fasta;
  for (int i = 0; i < 6; ++i) fasta += ">r" + std::to_string(i) + "\n" + levcl::random_string(rng, 300 + 40 * i, "ACGT") + "\n";
  const fs::path records = scratch_dir() / "records.fa";
  std::ofstream(records) << fasta;
  const std::string prefix = (scratch_dir() / "batch" / "b").string();
  const Output r = levcl_bench("--batch all-vs-all:" + quote(records.string()) +
                               " --batch synthetic:300:150:0.95 --batch stream:2000:100:0.9 --variants auto,cpu-bitpar "
                               "--threads 2 --repeat 1 -o " + quote(prefix));
  INFO("stderr: " << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out == read_file(prefix + ".md"));
  std::map<std::string, std::vector<Record>> by_workload;
  for (const auto& record : parse_csv(read_file(prefix + ".csv"))) by_workload[record.at("workload")].push_back(record);
  std::size_t peers = 2;  // less those this build lacks
  for (std::size_t at = 0; (at = r.err.find(" skipped: ", at)) != std::string::npos; ++at) --peers;
  const std::map<std::string, std::pair<std::string, std::size_t>> expected = {  // pairs, rows
      {"all-vs-all records.fa (6 records)", {"15", 2 + peers}},
      {"synthetic 300 x 150 bp @ 0.95", {"300", 2 + peers}},
      {"stream 2000 x 100 bp @ 0.9", {"2000", 2}}};
  CHECK(by_workload.size() == expected.size());
  for (const auto& [workload, want] : expected) {
    INFO("workload: " << workload);
    REQUIRE(by_workload.count(workload) == 1);
    CHECK(by_workload[workload].size() == want.second);
    for (const auto& row : by_workload[workload]) {
      CHECK(row.at("pairs") == want.first);
      CHECK(row.at("status") == "ok");
    }
  }
  CHECK(levcl_bench("--batch synthetic:10:10 --variants auto").status == 2);  // a malformed workload
  CHECK(levcl_bench("--batch synthetic:10:10:0.9 --variants none").status == 2);  // nothing to check the peers against
}

TEST_CASE("bad usage and bad input exit with 2 and one error line") {
  const std::string a = quote(sample_a), missing = quote((scratch_dir() / "missing.fa").string());
  const std::vector<std::string> cases = {
      a,                                             // an odd number of files
      pair + " " + a,                                // three
      a + " " + missing,                             // a missing file
      "--variants nope --lengths 100",               // an unknown variant
      "--peers nope --lengths 100",                  // an unknown peer
      "--lengths 12x",                               // a bad length
      "--lengths 100 --similarities 1.5",            // a similarity out of (0, 1]
      "",                                            // nothing to measure
      "--variants none --peers none --lengths 100",  // no engine
  };
  for (const auto& args : cases) {
    const Output r = levcl_bench(args);
    INFO("levcl-bench " << args << "\nstdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    // One error line, last; before it at most notes (of peers this build lacks).
    const auto lines = lines_of(r.err);
    REQUIRE(!lines.empty());
    CHECK(lines.back().rfind("levcl-bench: error: ", 0) == 0);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) CHECK(lines[i].rfind("levcl-bench: note: ", 0) == 0);
    CHECK(r.err.back() == '\n');
  }
}

TEST_CASE("the first run always happens, whatever the row budget") {
  const Output r =
      levcl_bench("--variants cpu-wfa --peers none --lengths 100 --similarities 0.5 --repeat 3 --row-budget 0");
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.status == 0);
  const auto table = parse_markdown_table(r.out);
  REQUIRE(table.size() == 1);
  CHECK(table[0].at("runs") == "1");
  CHECK(table[0].at("distance") != "-");
}

TEST_CASE("a CPU variant runs in the time-limited child") {
  const Output r = levcl_bench("--variants cpu-wfa --peers none --lengths 2000 --similarities 0.9 --repeat 2");
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.status == 0);
  const auto table = parse_markdown_table(r.out);
  REQUIRE(table.size() == 1);
  CHECK(table[0].at("pair") == "synthetic 2 kbp 90%");
  CHECK(table[0].at("engine") == "levcl cpu-wfa");
  CHECK(table[0].at("runs") == "2");
  CHECK(table[0].at("distance") != "-");
  CHECK(table[0].at("seconds (median)").find_first_of("<>f") == std::string::npos);  // neither a bound nor failed
  CHECK(r.out.find("\n- device: ") == std::string::npos);  // no device variant, no device opened
}

TEST_CASE("a CPU engine over its time limit is reported as '> limit' and the run goes on") {
  // edlib on 3 Mbp at 50% would take minutes; the 0.2 s limit ends it.
  const auto start = Clock::now();
  const Output r =
      levcl_bench("--variants none --peers edlib --lengths 3M --similarities 0.5 --time-limit 0.2 --repeat 1");
  const double seconds = seconds_since(start);
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  if (r.err.find("edlib skipped") != std::string::npos) {
    MESSAGE("edlib is not in this build: the time limit is not tested end to end");
    return;
  }
  REQUIRE(r.status == 0);
  const auto table = parse_markdown_table(r.out);
  REQUIRE(table.size() == 1);
  CHECK(table[0].at("engine") == "edlib");
  CHECK(table[0].at("seconds (median)") == "> 0.200");
  CHECK(table[0].at("GCUPS").rfind("< ", 0) == 0);
  CHECK(table[0].at("distance") == "-");  // no engine finished
  CHECK(seconds < 30);
}

TEST_CASE("a report that cannot be written exits with 3") {
  for (const std::string where : {"> /dev/full", "-o /proc/levcl-bench-test"}) {
    const Output r = run_shell("(" + quote(LEVCL_PATH(LEVCL_BENCH)) +
                               " --variants none --peers edlib --lengths 1000 --similarities 0.9 --repeat 1 " + where +
                               ")");  // in a subshell: its own redirection wins over run_shell's
    INFO(where << "\nstderr: " << r.err);
    CHECK(r.status == 3);
    CHECK(r.err.find("levcl-bench: error: cannot write") != std::string::npos);
  }
}
