#include "bench_batch.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <thread>

#include "bench_report.hpp"
#include "levcl/io.hpp"
#include "levcl/stream.hpp"
#include "levcl/synthetic.hpp"
#include "time_limited.hpp"
#include "tool_common.hpp"

namespace levcl::tools {
namespace {

constexpr std::size_t kStreamPool = 100000;  // distinct pairs a stream workload cycles through

struct Workload {
  std::string name;
  std::vector<std::string> strings;  // owned
  std::vector<std::string_view> views;
  std::vector<IndexPair> pairs;      // into strings: each string is packed once however often compared
  std::uint64_t stream_count = 0;    // > 0: a stream of this many pairs, cycling through `pairs`
  std::string_view a(std::size_t i) const { return views[pairs[i].a]; }
  std::string_view b(std::size_t i) const { return views[pairs[i].b]; }
};

struct BatchRow {
  std::string workload, engine, status = "ok", engines_used;
  std::uint64_t pairs = 0, cells = 0, computed_cells = 0;
  unsigned threads = 0;
  std::vector<double> seconds;
  double kernel_seconds = 0;
  std::string memory;  // the stream's resident memory as it went
};


std::vector<std::string> fields_of(const std::string& spec) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(spec);
  while (std::getline(in, field, ':')) fields.push_back(field);
  return fields;
}

// Seeded pairs of `length` over ACGT at `similarity`: pair i is strings 2i and 2i + 1.
void add_synthetic(Workload& w, std::uint64_t count, std::uint64_t length, double similarity, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  w.strings.reserve(2 * count);
  for (std::uint64_t i = 0; i < count; ++i) {
    w.strings.push_back(levcl::random_string(rng, length, "ACGT"));
    w.strings.push_back(levcl::mutate(rng, w.strings.back(), 1 - similarity, "ACGT"));
  }
  for (std::uint32_t i = 0; i < count; ++i) w.pairs.push_back({2 * i, 2 * i + 1});
}

Workload load(const std::string& spec, std::uint64_t seed) {
  const auto f = fields_of(spec);
  Workload w;
  if (f.size() >= 2 && f.size() <= 3 && f[0] == "all-vs-all") {
    for (auto& r : levcl::read_records(f[1])) w.strings.push_back(std::move(r.sequence));
    const std::uint64_t limit = f.size() == 3 ? parse_count(f[2], "--batch " + spec, 2147483647.0) : ~std::uint64_t{0};
    for (std::uint32_t i = 0; i < w.strings.size() && w.pairs.size() < limit; ++i)
      for (std::uint32_t j = i + 1; j < w.strings.size() && w.pairs.size() < limit; ++j) w.pairs.push_back({i, j});
    w.name = "all-vs-all " + std::filesystem::path(f[1]).filename().string() + " (" +
             std::to_string(w.strings.size()) + " records)";
    w.views.assign(w.strings.begin(), w.strings.end());
    return w;
  }
  if (f.size() == 4 && (f[0] == "synthetic" || f[0] == "stream")) {
    const std::uint64_t count = parse_count(f[1], "--batch " + spec, 2147483647.0);
    const std::uint64_t length = parse_count(f[2], "--batch " + spec, 2147483647.0);
    const double similarity = parse_similarities(f[3], "--batch " + spec).front();
    const bool stream = f[0] == "stream";
    add_synthetic(w, stream ? std::min<std::uint64_t>(count, kStreamPool) : count, length, similarity, seed);
    if (stream) w.stream_count = count;
    w.name = f[0] + " " + f[1] + " x " + f[2] + " bp @ " + f[3];
    w.views.assign(w.strings.begin(), w.strings.end());
    return w;
  }
  usage_error("--batch '" + spec +
              "': expected all-vs-all:FASTA[:LIMIT], synthetic:COUNT:LENGTH:SIMILARITY or stream:COUNT:LENGTH:SIMILARITY");
}

std::uint64_t checksum(const std::vector<std::int64_t>& distances) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the distances
  for (const std::int64_t d : distances) h = (h ^ static_cast<std::uint64_t>(d)) * 1099511628211ull;
  return h;
}

double resident_mib() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

// The reference distances of a workload: the first levcl engine's, which every other must match.
struct Agreement {
  std::vector<std::int64_t> distances;
  std::uint64_t sum = 0;
  void check(const std::vector<std::int64_t>& got, const std::string& engine) {
    if (distances.empty()) {
      distances = got;
      sum = checksum(got);
      return;
    }
    for (std::size_t i = 0; i < got.size(); ++i)
      if (got[i] != distances[i])
        throw Error(ErrorCode::internal, engine + " disagrees on pair " + std::to_string(i) + ": " +
                                             std::to_string(got[i]) + " against " + std::to_string(distances[i]));
  }
};

BatchRow levcl_row(const BatchBench& b, const Workload& w, const std::string& variant, Agreement& agreed) {
  BatchRow row;
  row.engine = "levcl " + variant;
  row.threads = b.threads ? b.threads : std::thread::hardware_concurrency();
  const levcl::Options options{variant, b.params, -1, b.threads};
  // A device variant's warm-up is the whole batch: it builds every program the batch needs
  // and sizes the buffers the context keeps for later calls, as a user's second batch finds them.
  if (variant == "auto" || levcl::variant_info(variant).uses_device) b.context->distances(w.views, w.pairs, options);
  for (int run = 0; run < b.repeat; ++run) {
    const auto start = std::chrono::steady_clock::now();  // the whole call: its checks and planning too
    const BatchResult r = b.context->distances(w.views, w.pairs, options);
    const double seconds = seconds_since(start) - r.costs.build_seconds;
    agreed.check(r.distances, row.engine);
    row.seconds.push_back(seconds);
    row.kernel_seconds = r.costs.kernel_seconds;
    row.computed_cells = r.costs.cells;
    row.engines_used.clear();
    for (const auto& [name, count] : r.variant_pairs)
      row.engines_used += (row.engines_used.empty() ? "" : ", ") + name + " " + std::to_string(count);
  }
  return row;
}

// Context::aligns on the whole batch after a warm-up run of it, by the breakpoint engines
// `by` names; every distance checked against the agreed ones and every CIGAR replayed
// (untimed).
BatchRow align_row(const BatchBench& b, const Workload& w, const AlignEngine& by, Agreement& agreed) {
  BatchRow row;
  row.engine = by.engine;
  row.threads = 1;
  const levcl::Options options{by.variant, b.params, -1, b.threads};
  b.context->aligns(w.views, w.pairs, options);
  for (int run = 0; run < b.repeat; ++run) {
    const auto start = std::chrono::steady_clock::now();
    const BatchAlignment r = b.context->aligns(w.views, w.pairs, options);
    const double seconds = seconds_since(start) - r.costs.build_seconds;
    std::vector<std::int64_t> distances;
    for (std::size_t i = 0; i < r.alignments.size(); ++i) {
      distances.push_back(r.alignments[i].distance);
      if (run == 0 && verify_alignment(w.a(i), w.b(i), r.alignments[i].cigar) != r.alignments[i].distance)
        throw Error(ErrorCode::internal, "levcl align: the CIGAR of pair " + std::to_string(i) + " of " + w.name +
                                             " does not cost its distance");
    }
    agreed.check(distances, row.engine);
    row.seconds.push_back(seconds);
    row.kernel_seconds = r.costs.kernel_seconds;
    row.computed_cells = r.costs.cells;
    row.engines_used = "peak device " + fixed(r.peak_device_bytes / 1048576.0, 0) + " MiB, " +
                       std::to_string(r.costs.launches) + " launches";
  }
  return row;
}

BatchRow peer_row(const BatchBench& b, const Workload& w, const Peer& peer, const Agreement& agreed) {
  BatchRow row;
  row.engine = peer.title + (b.align ? " align" : "");
  row.threads = b.threads ? b.threads : std::thread::hardware_concurrency();
  for (int run = 0; run < b.repeat; ++run) {
    // Threads claim pairs one at a time, each with its own reusable worker; in a child
    // process, so that a run over the limit can be killed.
    const LimitedRun r = run_time_limited(
        [&] {
          std::vector<std::int64_t> distances(w.pairs.size());
          std::atomic<std::size_t> next{0};
          std::vector<std::thread> threads;
          for (unsigned t = 0; t < row.threads; ++t)
            threads.emplace_back([&] {
              const Peer::Worker distance = b.align ? peer.align_worker() : peer.worker();
              for (std::size_t i; (i = next.fetch_add(1)) < w.pairs.size();)
                distances[i] = distance(w.a(i), w.b(i));
            });
          for (auto& t : threads) t.join();
          return static_cast<std::int64_t>(checksum(distances));
        },
        b.time_limit);
    if (r.outcome == LimitedRun::Outcome::over_limit) {
      row.status = "> " + fixed(b.time_limit, 0) + " s limit";
      return row;
    }
    if (r.outcome == LimitedRun::Outcome::failed) throw Error(ErrorCode::internal, peer.title + " failed: " + r.message);
    if (static_cast<std::uint64_t>(r.value) != agreed.sum)
      throw Error(ErrorCode::internal, peer.title + " disagrees with levcl on " + w.name + " (distance checksums differ)");
    row.seconds.push_back(r.seconds);
  }
  return row;
}

// A stream of stream_count pairs cycling through the workload's, every distance checked
// against the pool's, resident memory sampled at each tenth.
BatchRow stream_row(const BatchBench& b, const Workload& w, const std::string& variant) {
  BatchRow row;
  row.engine = "levcl " + variant + " (DistanceStream)";
  row.threads = b.threads ? b.threads : std::thread::hardware_concurrency();
  const levcl::Options options{variant, b.params, -1, b.threads};
  const std::vector<std::int64_t> expected = b.context->distances(w.views, w.pairs, options).distances;
  std::uint64_t wrong = 0;
  std::vector<double> samples = {resident_mib()};
  const auto start = std::chrono::steady_clock::now();
  levcl::DistanceStream stream(*b.context, options, [&](std::uint64_t i, std::int64_t d) {
    wrong += d != expected[i % expected.size()];
  });
  for (std::uint64_t i = 0; i < w.stream_count; ++i) {
    stream.push(w.a(i % w.pairs.size()), w.b(i % w.pairs.size()));
    if ((i + 1) % std::max<std::uint64_t>(1, w.stream_count / 10) == 0) samples.push_back(resident_mib());
  }
  stream.finish();
  row.seconds.push_back(seconds_since(start));
  samples.push_back(resident_mib());
  if (wrong) throw Error(ErrorCode::internal, row.engine + ": " + std::to_string(wrong) + " streamed distances are wrong");
  row.kernel_seconds = stream.totals().costs.kernel_seconds;
  row.computed_cells = stream.totals().costs.cells;
  row.pairs = w.stream_count;
  for (std::size_t i = 0; i < samples.size(); ++i) row.memory += (i ? " " : "") + fixed(samples[i], 0);
  return row;
}

void write_tables(const BatchBench& b, const std::vector<BatchRow>& rows, const std::string& device, std::ostream& md,
                  std::ostream& csv) {
  md << "# levcl-bench --batch\n\n";
  md << "- command: `" << b.command << "`\n- date: " << utc_timestamp() << "\n- levcl: " << version()
     << "\n- device: " << device << "\n- host CPU: " << b.host_cpu << '\n';
  for (const auto& n : b.notes) md << "- note: " << n << '\n';
  md << "- timing: median of " << b.repeat
     << " runs, end to end (the call's wall time, from strings in host memory to every distance; levcl's device variants after a warm-up "
        "run of the whole batch, which builds the programs and sizes the buffers the context keeps). Peers: one reusable aligner per thread, threads claiming pairs one at a time, in a child "
        "process. Every distance is checked against levcl's first engine (peers by checksum). GCUPS = sum of "
        "m*n / seconds; cells computed: the DP cells levcl's engines computed (bands, not whole matrices). "
        "Stream rows: resident MiB before, at each tenth of the pairs, and after.\n\n";
  md << "| workload | pairs | engine | threads | seconds | pairs/s | GCUPS | kernel s | cells computed | engines | "
        "× faster peer | resident MiB |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---|\n";
  csv << "workload,pairs,cells,engine,threads,status,seconds,pairs_per_second,gcups,kernel_seconds,computed_cells,"
         "speedup_over_faster_peer,resident_mib\n";
  for (const auto& r : rows) {
    const bool ok = r.status == "ok" && !r.seconds.empty();
    const double s = ok ? median(r.seconds) : 0;
    double best_peer = 0;
    for (const auto& other : rows)
      if (other.workload == r.workload && other.engine.rfind("levcl", 0) != 0 && other.status == "ok" &&
          !other.seconds.empty() && other.pairs == r.pairs)
        best_peer = best_peer == 0 ? median(other.seconds) : std::min(best_peer, median(other.seconds));
    const std::string speedup = ok && best_peer > 0 && r.engine.rfind("levcl", 0) == 0 ? fixed(best_peer / s, 1) : "";
    const double cells = static_cast<double>(r.cells) * (r.pairs ? 1.0 : 0.0);
    md << "| " << r.workload << " | " << r.pairs << " | " << r.engine << " | " << r.threads << " | "
       << (ok ? fixed(s, 4) : r.status) << " | " << (ok ? fixed(r.pairs / s, 0) : "") << " | "
       << (ok ? fixed(cells / s / 1e9, 1) : "") << " | " << (r.kernel_seconds > 0 ? fixed(r.kernel_seconds, 4) : "")
       << " | " << (r.computed_cells ? std::to_string(r.computed_cells) : "") << " | " << r.engines_used << " | "
       << speedup << " | " << r.memory << " |\n";
    csv << '"' << r.workload << "\"," << r.pairs << ',' << r.cells << ",\"" << r.engine << "\"," << r.threads << ",\""
        << r.status << "\"," << s << ',' << (ok ? r.pairs / s : 0) << ',' << (ok ? cells / s / 1e9 : 0) << ','
        << r.kernel_seconds << ',' << r.computed_cells << ',' << speedup << ",\"" << r.memory << "\"\n";
  }
}

}  // namespace

int run_batch_bench(const BatchBench& b) {
  if (b.variants.empty()) usage_error("--batch needs a levcl variant (--variants): the peers are checked against it");
  std::vector<BatchRow> rows;
  const std::string device = b.context->device().name + " (" + b.context->device().platform + ", driver " +
                             b.context->device().driver + ")";
  const auto report = [&] {
    std::ostringstream md, csv;
    write_tables(b, rows, device, md, csv);
    if (!b.output.empty()) {
      const std::filesystem::path prefix(b.output);
      if (prefix.has_parent_path()) std::filesystem::create_directories(prefix.parent_path());
      write_file_atomically(b.output + ".md", md.str());
      write_file_atomically(b.output + ".csv", csv.str());
    }
    return md.str();
  };
  for (const auto& spec : b.workloads) {
    const Workload w = load(spec, b.seed);
    std::uint64_t cells = 0;
    for (std::size_t i = 0; i < w.pairs.size(); ++i) cells += static_cast<std::uint64_t>(w.a(i).size()) * w.b(i).size();
    const auto add = [&](BatchRow r) {
      r.workload = w.name;
      if (!r.pairs) r.pairs = w.pairs.size();
      r.cells = w.stream_count ? cells / w.pairs.size() * r.pairs : cells;
      std::cerr << "levcl-bench: " << w.name << ": " << r.engine << ": "
                << (r.seconds.empty() ? r.status : fixed(median(r.seconds), 4) + " s") << std::endl;
      rows.push_back(std::move(r));
      report();  // after every row, so a long run keeps what it measured
    };
    if (w.stream_count) {
      for (const auto& v : b.variants) add(stream_row(b, w, v));
      continue;
    }
    Agreement agreed;
    for (const auto& v : b.variants) add(levcl_row(b, w, v, agreed));
    if (b.align)
      for (const AlignEngine& by : align_engines(b.variants)) add(align_row(b, w, by, agreed));
    for (const Peer* p : b.peers) add(peer_row(b, w, *p, agreed));
  }
  std::cout << report();
  if (!b.output.empty()) std::cerr << "levcl-bench: wrote " << b.output << ".md, .csv\n";
  return 0;
}

}  // namespace levcl::tools
