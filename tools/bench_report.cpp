#include "bench_report.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>

#include "runtime/embedded_files.hpp"
#include "levcl/levcl.hpp"
#include "tool_common.hpp"

namespace levcl::detail {
const std::vector<EmbeddedFile>& embedded_bench_plot();  // bench/plot_bench.py
}

namespace levcl::tools {
namespace {

// Seconds with about three significant digits: 0.0912, 9.18, 78.1, 462.
std::string seconds_text(double s) {
  if (s >= 100) return fixed(s, 0);
  if (s >= 10) return fixed(s, 1);
  if (s >= 1) return fixed(s, 2);
  if (s >= 0.1) return fixed(s, 3);
  if (s >= 0.01) return fixed(s, 4);
  return fixed(s, 5);
}

std::string gcups_text(double g) { return g >= 100 ? fixed(g, 0) : g >= 1 ? fixed(g, 1) : fixed(g, 3); }

std::string count_text(std::uint64_t n) {
  if (n < 100000) return std::to_string(n);
  std::ostringstream s;
  s << std::scientific << std::setprecision(2) << static_cast<double>(n);
  return s.str();
}

std::string grouped(std::uint64_t n) {  // 3147090 -> 3,147,090
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string status_name(Row::Status s) {
  switch (s) {
    case Row::Status::ok: return "ok";
    case Row::Status::over_limit: return "over-limit";
    case Row::Status::failed: return "failed";
  }
  return "failed";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string markdown_cell(std::string text) {
  for (auto& c : text)
    if (c == '\n') c = ' ';
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The first python3 that has matplotlib: LEVCL_PYTHON, python3 on the PATH, /usr/bin/python3.
std::string python_with_matplotlib() {
  std::vector<std::string> candidates;
  if (const char* p = std::getenv("LEVCL_PYTHON"); p && *p) candidates.emplace_back(p);
  candidates.emplace_back("python3");
  candidates.emplace_back("/usr/bin/python3");
  for (const auto& c : candidates)
    if (std::system((shell_quote(c) + " -c 'import matplotlib' >/dev/null 2>&1").c_str()) == 0) return c;
  return "";
}

}  // namespace

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::optional<std::int64_t> agreed_distance(const std::vector<Row>& workload_rows) {
  std::optional<std::int64_t> agreed;
  bool disagree = false;
  std::string answers;
  for (const auto& r : workload_rows) {
    if (!r.distance) continue;
    answers += (answers.empty() ? "" : ", ") + r.engine + " " + std::to_string(*r.distance);
    if (!agreed) agreed = r.distance;
    else if (*agreed != *r.distance) disagree = true;
  }
  if (disagree)
    throw levcl::Error(levcl::ErrorCode::internal,
                       "engines disagree on " + workload_rows.front().workload + ": " + answers);
  return agreed;
}

std::vector<AlignEngine> align_engines(const std::vector<std::string>& variants) {
  std::vector<AlignEngine> engines{{"levcl align", ""}};
  for (const std::string& v : variants)
    if (v != "auto" && levcl::variant_info(v).can(levcl::Capability::breakpoint))
      engines.push_back({"levcl align " + v, v});
  return engines;
}

double similarity(std::int64_t distance, std::uint64_t len_a, std::uint64_t len_b) {
  const auto longer = std::max(len_a, len_b);
  return longer == 0 ? 1.0 : 1.0 - static_cast<double>(distance) / static_cast<double>(longer);
}

void write_markdown(std::ostream& out, const Header& header, const std::vector<Row>& rows) {
  std::map<std::string, std::int64_t> pair_distance;  // also for the rows of engines over the limit
  std::map<std::string, int> answers, engines;        // per pair: engines that gave a distance, all engines
  for (const auto& r : rows) {
    if (r.distance) pair_distance.emplace(r.workload, *r.distance);
    answers[r.workload] += r.distance ? 1 : 0;
    engines[r.workload] += 1;
  }
  bool unchecked_any = false;
  out << "# levcl-bench\n\n";
  for (const auto& [label, text] : header.lines) out << "- " << label << ": " << text << '\n';
  out << "\n| pair | m | n | distance | similarity | engine | configuration | runs | seconds (median) | spread "
         "(min-max) | kernel s | GCUPS | cells computed |\n";
  out << "|---|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& r : rows) {
    const auto known = pair_distance.find(r.workload);
    const bool has = known != pair_distance.end();
    const bool unchecked = has && answers[r.workload] == 1 && engines[r.workload] > 1;
    unchecked_any = unchecked_any || unchecked;
    const std::string distance = has ? grouped(static_cast<std::uint64_t>(known->second)) + (unchecked ? " †" : "") : "-";
    const std::string sim = has ? fixed(100 * similarity(known->second, r.len_a, r.len_b), 2) + "%" : "-";
    std::string config = r.params.empty() ? (r.on_device ? "defaults" : "") : r.params;
    std::string runs = std::to_string(r.seconds.size()), secs, spread = "", kernel = "", gcups, cells = "";
    switch (r.status) {
      case Row::Status::ok: {
        const double m = median(r.seconds);
        secs = seconds_text(m);
        const auto [lo, hi] = std::minmax_element(r.seconds.begin(), r.seconds.end());
        spread = r.seconds.size() > 1 ? seconds_text(*lo) + "-" + seconds_text(*hi) : "";
        if (r.on_device) {
          kernel = seconds_text(median(r.kernel_seconds));
          cells = count_text(r.cells);
        }
        gcups = m > 0 ? gcups_text(r.gcups(m)) : "-";
        break;
      }
      case Row::Status::over_limit:
        runs = "1";
        secs = "> " + seconds_text(r.limit_seconds);
        gcups = "< " + gcups_text(r.gcups(r.limit_seconds));
        break;
      case Row::Status::failed:
        secs = "failed: " + r.message;
        gcups = "-";
        break;
    }
    out << "| " << markdown_cell(r.workload) << " | " << grouped(r.len_a) << " | " << grouped(r.len_b) << " | "
        << distance << " | " << sim << " | " << markdown_cell(r.engine) << " | " << markdown_cell(config) << " | "
        << runs << " | " << markdown_cell(secs) << " | " << spread << " | " << kernel << " | " << gcups << " | "
        << cells << " |\n";
  }
  if (unchecked_any) out << "\n† Only one engine finished on this pair: its distance is not cross-checked.\n";
}

void write_csv(std::ostream& out, const std::vector<Row>& rows) {
  out << "workload,len_a,len_b,nominal_similarity,distance,similarity,engine,on_device,params,params_source,"
         "status,message,runs,median_s,min_s,max_s,kernel_median_s,gcups,cells,limit_s\n";
  out << std::setprecision(10);
  for (const auto& r : rows) {
    out << csv_field(r.workload) << ',' << r.len_a << ',' << r.len_b << ',';
    if (r.nominal_similarity >= 0) out << r.nominal_similarity;
    out << ',';
    if (r.distance) out << *r.distance << ',' << similarity(*r.distance, r.len_a, r.len_b);
    else out << ',';
    out << ',' << csv_field(r.engine) << ',' << (r.on_device ? 1 : 0) << ',' << csv_field(r.params) << ','
        << csv_field(r.params_source) << ',' << status_name(r.status) << ',' << csv_field(r.message) << ','
        << (r.status == Row::Status::over_limit ? 1 : r.seconds.size()) << ',';  // the run that was stopped
    if (r.status == Row::Status::ok) {
      const double m = median(r.seconds);
      const auto [lo, hi] = std::minmax_element(r.seconds.begin(), r.seconds.end());
      out << m << ',' << *lo << ',' << *hi << ',';
      if (r.on_device) out << median(r.kernel_seconds);
      out << ',' << r.gcups(m) << ',';
      if (r.on_device) out << r.cells;
    } else {
      out << ",,,,,";
    }
    out << ',';
    if (!r.on_device) out << r.limit_seconds;
    out << '\n';
  }
}

std::string plot(const std::string& csv_path, const std::string& png_path, const std::string& title) {
  const std::string python = python_with_matplotlib();
  if (python.empty()) return "no python3 with matplotlib (set LEVCL_PYTHON)";
  const auto& files = levcl::detail::embedded_bench_plot();
  if (files.empty()) return "the plot script was not embedded";
  std::string script = (std::filesystem::temp_directory_path() / "levcl-plot-XXXXXX").string();
  const int fd = ::mkstemp(script.data());
  if (fd < 0) return "cannot create a temporary file";
  ::close(fd);
  {
    std::ofstream out(script, std::ios::binary);
    out << files.front().contents;
  }
  const std::string command = shell_quote(python) + " " + shell_quote(script) + " " + shell_quote(csv_path) + " " +
                              shell_quote(png_path) + " " + shell_quote(title) + " 2>&1";
  std::string output;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    const int status = ::pclose(pipe);
    std::filesystem::remove(script);
    if (status == 0) return "";
    return "the plot script failed: " + output;
  }
  std::filesystem::remove(script);
  return "cannot run " + python;
}

}  // namespace levcl::tools
